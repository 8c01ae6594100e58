import { sql, type Kysely } from 'kysely';

// View counts go with their job from now on, so those of jobs already deleted go now; marks
// count a network's view once per job and hour; the indexes serve the Sources report.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from job_views where job_id not in (select id from jobs)`.execute(db);
  await db.schema
    .createTable('job_view_marks')
    .addColumn('mark', 'text', (c) => c.primaryKey())
    .addColumn('hour', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_view_marks_hour_idx').on('job_view_marks').column('hour').execute();
  // Covering: the report's sums by day and by source read these indexes, never the table.
  await db.schema.dropIndex('job_views_day_idx').execute();
  await db.schema.createIndex('job_views_day_views_idx').on('job_views').columns(['day', 'views']).execute();
  await db.schema.createIndex('job_views_source_idx').on('job_views').columns(['source', 'day', 'views']).execute();
}
