import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { RetentionDays } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { purgeExpired } from './purge';

/** Once a day at 03:17 UTC, a quiet hour in India and Europe. */
const DAILY = '17 3 * * *';

export type RetentionSchedule = {
  /** Stops the daily job and waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * Runs the retention purge now and then daily. Runs never overlap (croner's `protect`); a failed
 * run is logged and the next one tries again. Several instances may run it: deleting what is past
 * its limit twice changes nothing.
 */
export function scheduleRetention(
  db: Kysely<Database>,
  days: RetentionDays,
  logger: Logger,
  now: () => Date = () => new Date(),
): RetentionSchedule {
  let running: Promise<void> = Promise.resolve();
  const purge = async () => {
    try {
      const counts = await purgeExpired(db, days, now());
      logger.info(counts, 'retention purge');
    } catch (error) {
      logger.error({ error: error instanceof Error ? error.message : String(error) }, 'retention purge failed');
    }
  };
  const run = () => {
    running = purge();
    return running;
  };
  const job = new Cron(DAILY, { timezone: 'UTC', protect: true }, run);
  void run();
  return {
    async stop() {
      job.stop();
      await running;
    },
  };
}
