import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The hour a mark belongs to: YYYY-MM-DDTHH, UTC. */
export const markHour = (now: Date): string => now.toISOString().slice(0, 13);

/**
 * Records a view's mark (a keyed hash of the client network, the job and the hour; never the
 * address) for `hour`; false when the same mark was already there, so the view is not counted again.
 */
export async function markJobView(db: Kysely<Database>, mark: string, hour: string): Promise<boolean> {
  const row = await db
    .insertInto('job_view_marks')
    .values({ mark, hour })
    .onConflict((oc) => oc.column('mark').doNothing())
    .returning('mark')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the marks of the hours before `hour` (YYYY-MM-DDTHH, UTC): they can no longer match. */
export async function forgetJobViewMarks(db: Kysely<Database>, hour: string): Promise<void> {
  await db.deleteFrom('job_view_marks').where('hour', '<', hour).execute();
}
