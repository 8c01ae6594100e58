import { sql, type Kysely } from 'kysely';
import { OTHER_SOURCE } from '~/lib/sources';
import type { Database } from '../../db';

/**
 * Counts one view of a job's page on `day` (YYYY-MM-DD, UTC) from `source`; once the job has
 * `sourcesPerDay` sources that day, a source it does not have yet counts as 'other'. No identifier.
 */
export async function countJobView(
  db: Kysely<Database>,
  view: { jobId: number; day: string; source: string },
  sourcesPerDay: number,
): Promise<void> {
  const { jobId, day, source } = view;
  // Checked inside the one upsert: concurrent first views of new sources can pass together, a few, never without bound.
  const counted = sql<string>`case
    when exists (select 1 from job_views where job_id = ${jobId} and day = ${day} and source = ${source})
      or (select count(*) from job_views where job_id = ${jobId} and day = ${day} and source <> ${OTHER_SOURCE}) < ${sourcesPerDay}
    then ${source} else ${OTHER_SOURCE} end`;
  await db
    .insertInto('job_views')
    .values({ job_id: jobId, day, source: counted, views: 1 })
    .onConflict((oc) =>
      oc.columns(['job_id', 'day', 'source']).doUpdateSet({ views: (eb) => eb('job_views.views', '+', 1) }),
    )
    .execute();
}

/** What the report reads: the days from `from` (YYYY-MM-DD) on, of one job or (null) every job. */
export type SourcesScope = { jobId: number | null; from: string };

/** Views, applications and applicants who reached screening or later, of one source. */
export type SourceCounts = { source: string; views: number; applications: number; reachedScreening: number };

// PostgreSQL answers sums and counts as strings.
type Summed = {
  views: number | string | null;
  applications: number | string | null;
  reached: number | string | null;
};
const toCounts = (row: Summed) => ({
  views: Number(row.views ?? 0),
  applications: Number(row.applications ?? 0),
  reachedScreening: Number(row.reached ?? 0),
});

/** Every source but 'other' with its counts, most applications first, then most views, then by name. */
function rankedSources(db: Kysely<Database>, scope: SourcesScope) {
  let views = db
    .selectFrom('job_views')
    .select((eb) => [
      'source',
      eb.fn.sum<number | string>('views').as('views'),
      sql<number | string>`0`.as('applications'),
      sql<number | string>`0`.as('reached'),
    ])
    .where('day', '>=', scope.from)
    .where('source', '<>', OTHER_SOURCE)
    .groupBy('source');
  let applications = db
    .selectFrom('applicants')
    .select((eb) => [
      'source',
      sql<number | string>`0`.as('views'),
      eb.fn.countAll<number | string>().as('applications'),
      eb.fn.sum<number | string>(sql`case when reached_screening_at is not null then 1 else 0 end`).as('reached'),
    ])
    // ISO timestamps sort as text: every one of `from`'s day or later is >= the bare date.
    .where('applied_at', '>=', scope.from)
    .where('source', '<>', OTHER_SOURCE)
    .groupBy('source');
  if (scope.jobId !== null) {
    views = views.where('job_id', '=', scope.jobId);
    applications = applications.where('job_id', '=', scope.jobId);
  }
  return db
    .selectFrom(views.unionAll(applications).as('counts'))
    .select((eb) => [
      'source',
      eb.fn.sum<number | string>('views').as('views'),
      eb.fn.sum<number | string>('applications').as('applications'),
      eb.fn.sum<number | string>('reached').as('reached'),
    ])
    .groupBy('source')
    .orderBy(sql`sum(applications)`, 'desc')
    .orderBy(sql`sum(views)`, 'desc')
    .orderBy('source');
}

/** The ranked sources `offset` to `offset + limit - 1`, and whether more follow; aggregated in the database. */
export async function sourcesPage(
  db: Kysely<Database>,
  scope: SourcesScope,
  offset: number,
  limit: number,
): Promise<{ rows: SourceCounts[]; more: boolean }> {
  const rows = await rankedSources(db, scope)
    .limit(limit + 1)
    .offset(offset)
    .execute();
  return {
    rows: rows.slice(0, limit).map((row) => ({ source: row.source, ...toCounts(row) })),
    more: rows.length > limit,
  };
}

/** Views per day, every source together. */
export async function viewsByDay(db: Kysely<Database>, scope: SourcesScope): Promise<{ day: string; count: number }[]> {
  let query = db
    .selectFrom('job_views')
    .select(['day', (eb) => eb.fn.sum<number | string>('views').as('count')])
    .where('day', '>=', scope.from)
    .groupBy('day');
  if (scope.jobId !== null) query = query.where('job_id', '=', scope.jobId);
  const rows = await query.execute();
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

/** Applications per day of application, and how many of them reached screening or later, every source together. */
export async function applicationsByDay(
  db: Kysely<Database>,
  scope: SourcesScope,
): Promise<{ day: string; applications: number; reachedScreening: number }[]> {
  const day = sql<string>`substr(applied_at, 1, 10)`;
  let query = db
    .selectFrom('applicants')
    .select((eb) => [
      day.as('day'),
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.count<number | string>('reached_screening_at').as('reached'),
    ])
    .where('applied_at', '>=', scope.from)
    .groupBy(day);
  if (scope.jobId !== null) query = query.where('job_id', '=', scope.jobId);
  const rows = await query.execute();
  return rows.map((row) => ({
    day: row.day,
    applications: Number(row.count),
    reachedScreening: Number(row.reached),
  }));
}
