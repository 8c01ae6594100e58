import type { Kysely } from 'kysely';
import { conversionRate, SOURCE_REPORT_WEEKS, type SourceStats, type SourcesReport } from '~/lib/sources';
import { applicationsByDay, viewsByDay, type Database } from '../../db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a UTC date. */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The Monday (YYYY-MM-DD, UTC) of the week holding `day`. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return isoDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
}

type Counts = { views: number; applications: number; shortlisted: number };

const withRates = (counts: Counts): SourceStats => ({
  ...counts,
  applyRate: conversionRate(counts.applications, counts.views),
  shortlistRate: conversionRate(counts.shortlisted, counts.applications),
});

/** Adds to the counts kept under `key`, starting them at zero. */
function tally(map: Map<string, Counts>, key: string, add: Partial<Counts>): void {
  const counts = map.get(key) ?? { views: 0, applications: 0, shortlisted: 0 };
  counts.views += add.views ?? 0;
  counts.applications += add.applications ?? 0;
  counts.shortlisted += add.shortlisted ?? 0;
  map.set(key, counts);
}

/**
 * Views, applications and shortlisted applicants of the last SOURCE_REPORT_WEEKS weeks, by source
 * (most applications first) and by week (every week, oldest first), with their conversion rates.
 * Shortlisted counts applicants whose status is shortlisted now: there is no later stage.
 */
export async function sourcesReport(db: Kysely<Database>, jobId: number | null, now: Date): Promise<SourcesReport> {
  const thisWeek = mondayOf(isoDay(now));
  const from = isoDay(
    new Date(new Date(`${thisWeek}T00:00:00.000Z`).getTime() - (SOURCE_REPORT_WEEKS - 1) * 7 * DAY_MS),
  );
  const scope = { jobId, from };
  const bySource = new Map<string, Counts>();
  const byWeek = new Map<string, Counts>();
  for (let i = 0; i < SOURCE_REPORT_WEEKS; i += 1) {
    tally(byWeek, isoDay(new Date(new Date(`${from}T00:00:00.000Z`).getTime() + i * 7 * DAY_MS)), {});
  }

  for (const row of await viewsByDay(db, scope)) {
    tally(bySource, row.source, { views: row.count });
    tally(byWeek, mondayOf(row.day), { views: row.count });
  }
  for (const row of await applicationsByDay(db, scope)) {
    const add = { applications: row.count, shortlisted: row.status === 'shortlisted' ? row.count : 0 };
    tally(bySource, row.source, add);
    tally(byWeek, mondayOf(row.day), add);
  }

  const total = new Map<string, Counts>();
  for (const counts of bySource.values()) tally(total, 'all', counts);
  return {
    jobId,
    from,
    bySource: [...bySource]
      .map(([source, counts]) => ({ source, ...withRates(counts) }))
      .sort((a, b) => b.applications - a.applications || b.views - a.views || a.source.localeCompare(b.source)),
    byWeek: [...byWeek]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, counts]) => ({ week, ...withRates(counts) })),
    total: withRates(total.get('all') ?? { views: 0, applications: 0, shortlisted: 0 }),
  };
}
