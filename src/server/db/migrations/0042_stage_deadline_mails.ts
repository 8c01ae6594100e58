import type { Kysely } from 'kysely';

// Every stage-deadline mail once, even from two instances: the applicant's update is marked on their row
// (the stage's start it was queued for), the team's digest by its UTC day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('overdue_update_for', 'text').execute();
  await db.schema
    .createTable('overdue_digests')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('queued_at', 'text', (col) => col.notNull())
    .execute();
}
