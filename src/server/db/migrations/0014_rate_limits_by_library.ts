import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';

// rate-limiter-flexible's own table layout; the windows in the old one are minutes long and may go.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  if (kind !== 'postgres') return;
  await db.schema.dropTable('rate_limits').execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}
