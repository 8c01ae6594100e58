import type { Kysely } from 'kysely';

// Where each applicant came from ('direct' for those before), and job page views per day and
// source: counts only, no cookie, identifier or address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applicants')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('direct'))
    .execute();
  await db.schema
    .createTable('job_views')
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_views_pk', ['job_id', 'day', 'source'])
    .execute();
  await db.schema.createIndex('job_views_day_idx').on('job_views').column('day').execute();
}
