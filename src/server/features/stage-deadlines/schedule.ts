import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { MailSettings } from '../../config';
import type { Database } from '../../db';
import type { Logger } from '../../logger';
import { sendStageDeadlineMails } from './service';

/** Every day at 07:05 UTC, the morning in India and Europe; an applicant's update goes at most a day late. */
const DAILY = '5 7 * * *';

export type StageDeadlineSchedule = {
  /** Queues what is due now; what each day runs. */
  run(): Promise<void>;
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
};

/** Queues the overdue updates and the team's digest daily; each mail once, from however many instances. */
export function scheduleStageDeadlines(
  db: Kysely<Database>,
  settings: MailSettings,
  logger: Logger,
  now: () => Date = () => new Date(),
): StageDeadlineSchedule {
  let running: Promise<void> = Promise.resolve();
  const sendDue = async () => {
    try {
      const queued = await sendStageDeadlineMails(db, settings, now());
      if (queued.updates || queued.digests) logger.info(queued, 'stage deadline mails queued');
    } catch (error) {
      logger.error({ error: error instanceof Error ? error.message : String(error) }, 'stage deadline mails failed');
    }
  };
  const run = () => {
    running = running.then(sendDue);
    return running;
  };
  const job = new Cron(DAILY, { timezone: 'UTC', protect: true }, run);
  return {
    run,
    async stop() {
      job.stop();
      await running;
    },
  };
}
