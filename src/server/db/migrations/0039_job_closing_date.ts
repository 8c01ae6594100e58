import type { Kysely } from 'kysely';

// A vacancy's last open day (UTC, YYYY-MM-DD); null: it stays open until an admin closes it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('closes_at', 'text').execute();
}
