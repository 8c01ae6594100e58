import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';

export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  // Tokens ended by logout, until they would have expired anyway (key: hash of the signature).
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // Rate-limit windows shared by every instance; SQLite counts in memory instead.
  if (kind === 'postgres') {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
  }
}
