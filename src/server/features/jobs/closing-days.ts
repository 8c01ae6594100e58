import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { closeJobsPastClosingDay, type Database } from '../../db';
import type { Logger } from '../../logger';
import { audit } from '../../services/audit';

/** On the hour, UTC: a vacancy closes as its closing day ends at midnight, and a start that missed it catches up. */
const HOURLY = '0 * * * *';

export type ClosingDays = {
  /** Closes what is due now; what a start and each hour run. */
  run(): Promise<void>;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * Closes each vacancy at the end of its closing day, now and every hour: off the board, the feeds
 * and the sitemap, its page 410, no application and no job alert. Several instances may run it: the
 * closing is one conditional UPDATE in a transaction with its audit rows, so each vacancy is closed,
 * audited and logged once.
 */
export function scheduleClosingDays(
  db: Kysely<Database>,
  logger: Logger,
  now: () => Date = () => new Date(),
): ClosingDays {
  let running: Promise<void> = Promise.resolve();
  const closeDue = async () => {
    try {
      const at = now();
      const closed = await db.transaction().execute(async (trx) => {
        const jobs = await closeJobsPastClosingDay(trx, at);
        for (const job of jobs)
          await audit(
            trx,
            { action: 'job.closed', subject: { type: 'job', id: job.id }, summary: 'closed on its closing date' },
            at,
          );
        return jobs;
      });
      if (closed.length) logger.info({ jobs: closed.map((job) => job.id) }, 'vacancies closed on their closing date');
    } catch (error) {
      logger.error({ error: error instanceof Error ? error.message : String(error) }, 'closing vacancies failed');
    }
  };
  const run = () => {
    running = running.then(closeDue);
    return running;
  };
  const job = new Cron(HOURLY, { timezone: 'UTC', protect: true }, run);
  return {
    run,
    async stop() {
      job.stop();
      await running;
    },
  };
}
