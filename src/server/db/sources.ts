import { sql, type Kysely } from 'kysely';
import type { ApplicantStatus } from '~/lib/schemas/applicant';
import type { Database } from './schema';

/** Counts one view of a job's page on `day` (YYYY-MM-DD, UTC) from `source`; one upsert, no identifier. */
export async function countJobView(db: Kysely<Database>, jobId: number, day: string, source: string): Promise<void> {
  await db
    .insertInto('job_views')
    .values({ job_id: jobId, day, source, views: 1 })
    .onConflict((oc) =>
      oc.columns(['job_id', 'day', 'source']).doUpdateSet({ views: (eb) => eb('job_views.views', '+', 1) }),
    )
    .execute();
}

/** What the report reads: the days from `from` (YYYY-MM-DD) on, of one job or (null) every job. */
export type SourcesScope = { jobId: number | null; from: string };

/** Views per day and source. */
export async function viewsByDay(
  db: Kysely<Database>,
  scope: SourcesScope,
): Promise<{ day: string; source: string; count: number }[]> {
  let query = db
    .selectFrom('job_views')
    .select(['day', 'source', (eb) => eb.fn.sum<number | string>('views').as('count')])
    .where('day', '>=', scope.from)
    .groupBy(['day', 'source']);
  if (scope.jobId !== null) query = query.where('job_id', '=', scope.jobId);
  const rows = await query.execute();
  // PostgreSQL answers sums as strings.
  return rows.map((row) => ({ day: row.day, source: row.source, count: Number(row.count) }));
}

/** Applications per day of application, source and current status. */
export async function applicationsByDay(
  db: Kysely<Database>,
  scope: SourcesScope,
): Promise<{ day: string; source: string; status: ApplicantStatus; count: number }[]> {
  const day = sql<string>`substr(applied_at, 1, 10)`;
  let query = db
    .selectFrom('applicants')
    .select([day.as('day'), 'source', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    // ISO timestamps sort as text: every one of `from`'s day or later is >= the bare date.
    .where('applied_at', '>=', scope.from)
    .groupBy([day, 'source', 'status']);
  if (scope.jobId !== null) query = query.where('job_id', '=', scope.jobId);
  const rows = await query.execute();
  return rows.map((row) => ({ day: row.day, source: row.source, status: row.status, count: Number(row.count) }));
}
