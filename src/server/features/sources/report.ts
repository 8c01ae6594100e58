import type { Kysely } from 'kysely';
import { isoDay } from '~/lib/calendar-day';
import { conversionRate, SOURCE_REPORT_WEEKS, type SourceStats, type SourcesReport } from '~/lib/sources';
import type { Database } from '../../db';
import { applicationsByDay, sourcesPage, viewsByDay } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (YYYY-MM-DD, UTC) of the week holding `day`. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
}

type Counts = { views: number; applications: number; reachedScreening: number };

const zero = (): Counts => ({ views: 0, applications: 0, reachedScreening: 0 });

const withRates = (counts: Counts): SourceStats => ({
  views: counts.views,
  applications: counts.applications,
  reachedScreening: counts.reachedScreening,
  applyRate: conversionRate(counts.applications, counts.views),
  screeningRate: conversionRate(counts.reachedScreening, counts.applications),
});

/** Adds `add` into `into`. */
function addTo(into: Counts, add: Partial<Counts>): void {
  into.views += add.views ?? 0;
  into.applications += add.applications ?? 0;
  into.reachedScreening += add.reachedScreening ?? 0;
}

/** Which page of the sources to answer, from 1, and how many sources a page holds. */
export type SourcesPaging = { page: number; limit: number };

/**
 * Views, applications and applicants who reached screening of the last SOURCE_REPORT_WEEKS weeks: one page
 * of the sources (most applications first), every source not on it together as 'other', and every
 * week (oldest first), with their conversion rates. The database sums; only a page and the days
 * come back. Reached screening counts applicants ever moved to Screening or later, wherever they are now.
 */
export async function sourcesReport(
  db: Kysely<Database>,
  jobId: number | null,
  now: Date,
  { page, limit }: SourcesPaging,
): Promise<SourcesReport> {
  const thisWeek = mondayOf(isoDay(now));
  const from = isoDay(
    new Date(new Date(`${thisWeek}T00:00:00.000Z`).getTime() - (SOURCE_REPORT_WEEKS - 1) * 7 * DAY_MS),
  );
  const scope = { jobId, from };
  const byWeek = new Map<string, Counts>();
  for (let i = 0; i < SOURCE_REPORT_WEEKS; i += 1) {
    byWeek.set(isoDay(new Date(new Date(`${from}T00:00:00.000Z`).getTime() + i * 7 * DAY_MS)), zero());
  }
  const total = zero();
  const tallyDay = (day: string, add: Partial<Counts>) => {
    const week = byWeek.get(mondayOf(day));
    if (week) addTo(week, add);
    addTo(total, add);
  };
  // Side by side on PostgreSQL's pool; SQLite runs them one after another anyway.
  const [views, applications, shown] = await Promise.all([
    viewsByDay(db, scope),
    applicationsByDay(db, scope),
    sourcesPage(db, scope, (page - 1) * limit, limit),
  ]);
  for (const row of views) tallyDay(row.day, { views: row.count });
  for (const { day, ...counts } of applications) tallyDay(day, counts);

  const listed = zero();
  for (const row of shown.rows) addTo(listed, row);
  // Everything this page does not show, so its rows and 'other' always add up to the total.
  const other = {
    views: total.views - listed.views,
    applications: total.applications - listed.applications,
    reachedScreening: total.reachedScreening - listed.reachedScreening,
  };

  return {
    jobId,
    from,
    bySource: shown.rows.map((row) => ({ source: row.source, ...withRates(row) })),
    other: withRates(other),
    page,
    nextPage: shown.more ? page + 1 : null,
    byWeek: [...byWeek]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, counts]) => ({ week, ...withRates(counts) })),
    total: withRates(total),
  };
}
