import type { Kysely } from 'kysely';

// The vacancy a job alert announces: closing or deleting it withdraws the alerts still waiting to be sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('job_id', 'integer').execute();
  await db.schema.createIndex('outbox_job_id_idx').on('outbox').column('job_id').execute();
}
