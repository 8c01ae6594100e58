import type { Kysely } from 'kysely';
import type { MailSettings } from '../../config';
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import { recurring, type Recurring } from '../../services/recurring';
import { sendStageDeadlineMails } from './service';

/** Every day at 07:05 UTC, the morning in India and Europe; an applicant's update goes at most a day late. */
const DAILY = '5 7 * * *';

/** `run()` queues what is due now: what a start and each day run. */
export type StageDeadlineSchedule = Recurring;

/** Queues the overdue updates and the team's digest daily; each mail once, from however many instances. */
export function scheduleStageDeadlines(
  db: Kysely<Database>,
  settings: MailSettings,
  logger: Logger,
  now: () => Date = () => new Date(),
): StageDeadlineSchedule {
  return recurring(
    DAILY,
    async () => {
      const queued = await sendStageDeadlineMails(db, settings, now());
      if (queued.updates || queued.digests) logger.info(queued, 'stage deadline mails queued');
    },
    logger,
    'stage deadline mails failed',
  );
}
