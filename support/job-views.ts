/**
 * Many job view counts written straight into the database, as a flood of made-up sources left
 * them before sources were capped: for the Sources report's scale test and `npm run bench:sources`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '~/server/db';

/** Rows per INSERT: 4 parameters each stays below SQLite's and PostgreSQL's limits. */
const CHUNK = 2_000;

export type ViewFlood = {
  jobIds: readonly number[];
  /** The last day counted (YYYY-MM-DD): the flood fills `days` days up to it. */
  lastDay: string;
  days: number;
  /** Sources a job has each day: `board-0000` … ; board n has `sources - n` views a day. */
  sources: number;
};

/** The name of the n-th source of a flood, from 0. */
export const floodSource = (n: number): string => `board-${String(n).padStart(4, '0')}`;

/** Writes jobs × days × sources rows in one transaction, in chunks. */
export async function seedViewFlood(db: Kysely<Database>, flood: ViewFlood): Promise<void> {
  const last = Date.parse(`${flood.lastDay}T00:00:00.000Z`);
  await db.transaction().execute(async (trx) => {
    let chunk: Database['job_views'][] = [];
    for (const jobId of flood.jobIds) {
      for (let d = 0; d < flood.days; d += 1) {
        const day = new Date(last - d * 86_400_000).toISOString().slice(0, 10);
        for (let n = 0; n < flood.sources; n += 1) {
          chunk.push({ job_id: jobId, day, source: floodSource(n), views: flood.sources - n });
          if (chunk.length === CHUNK) {
            await trx.insertInto('job_views').values(chunk).execute();
            chunk = [];
          }
        }
      }
    }
    if (chunk.length) await trx.insertInto('job_views').values(chunk).execute();
  });
}

/** The views a flood's source n has in all, and every source's together. */
export const floodViews = (flood: ViewFlood, n: number): number =>
  flood.jobIds.length * flood.days * (flood.sources - n);
export const floodTotal = (flood: ViewFlood): number =>
  (flood.jobIds.length * flood.days * flood.sources * (flood.sources + 1)) / 2;
