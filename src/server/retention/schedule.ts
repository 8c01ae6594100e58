import type { Kysely } from 'kysely';
import type { MailSettings, RetentionDays } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { remindEndingJobAlerts } from '../features/job-alerts';
import { recurring } from '../services/recurring';
import { purgeExpired } from './purge';

/** Once a day at 03:17 UTC, a quiet hour in India and Europe. */
const DAILY = '17 3 * * *';

export type RetentionSchedule = {
  /** Stops the daily job and waits for a run in progress. */
  stop(): Promise<void>;
};

/**
 * Runs the retention purge, then queues the reminders of job alerts that end soon, now and then
 * daily. Runs never overlap (croner's `protect`); a failed step is logged and the next run tries
 * again. Several instances may run it: deleting what is past its limit twice changes nothing, and
 * an alert is reminded once.
 */
export function scheduleRetention(
  db: Kysely<Database>,
  days: RetentionDays,
  mail: MailSettings,
  logger: Logger,
  now: () => Date = () => new Date(),
  /** Also daily: deletes the backups a start wrote before migrating once they are past their days (SQLite). */
  pruneUpgradeBackups: ((at: Date) => string[]) | null = null,
): RetentionSchedule {
  /** A failed step is logged; the next step, and tomorrow's run, go on. */
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      logger.error({ err: error }, `${what} failed`);
    }
  };
  const daily = async () => {
    await attempt('retention purge', async () => {
      logger.info(await purgeExpired(db, days, now()), 'retention purge');
    });
    await attempt('job alert reminders', async () => {
      const reminders = await remindEndingJobAlerts(db, mail, now());
      if (reminders) logger.info({ reminders }, 'job alert reminders queued');
    });
    if (pruneUpgradeBackups)
      await attempt('deleting old upgrade backups', async () => {
        const removed = pruneUpgradeBackups(now());
        if (removed.length) logger.info({ removed }, 'upgrade backups past BACKUP_KEEP_DAYS deleted');
      });
  };
  const schedule = recurring(DAILY, daily, logger, 'retention run failed');
  void schedule.run();
  return { stop: schedule.stop };
}
