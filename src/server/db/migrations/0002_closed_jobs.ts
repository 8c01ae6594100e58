import type { Kysely } from 'kysely';

// Deleted jobs leave their id behind, so their public page can answer 410 Gone, not 404.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('closed_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .execute();
}
