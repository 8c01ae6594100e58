import type { Kysely } from 'kysely';

// The name a team member goes by (invitations, calendar invitations, the dashboard); null until they give one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admins').addColumn('display_name', 'text').execute();
}
