import { sql, type Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Roles (existing accounts become owners), last sign-in, two-factor sign-in and team settings.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('owner')
        .check(sql`role in ('owner', 'recruiter', 'viewer')`),
    )
    .execute();
  for (const column of ['last_sign_in_at', 'totp_secret', 'totp_pending_secret']) {
    await db.schema.alterTable('admins').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('admins').addColumn('totp_last_step', 'integer').execute();
  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('id', autoId(kind))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('admin_recovery_codes_admin_idx').on('admin_recovery_codes').column('admin_id').execute();
  await db.schema
    .createTable('team_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
