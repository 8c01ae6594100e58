import type { Kysely } from 'kysely';
import { closeJobsPastClosingDay, type Database } from '../../db';
import type { Logger } from '../../logger';
import { audit } from '../../services/audit';
import { recurring, type Recurring } from '../../services/recurring';

/** On the hour, UTC: a vacancy closes as its closing day ends at midnight, and a start that missed it catches up. */
const HOURLY = '0 * * * *';

/** `run()` closes what is due now: what a start and each hour run. */
export type ClosingDays = Recurring;

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
  return recurring(
    HOURLY,
    async () => {
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
    },
    logger,
    'closing vacancies failed',
  );
}
