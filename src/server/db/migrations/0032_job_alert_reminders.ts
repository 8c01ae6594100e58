import type { Kysely } from 'kysely';

// When a confirmed alert's one reminder before it ends was queued; a renewal clears it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_alerts').addColumn('reminded_at', 'text').execute();
}
