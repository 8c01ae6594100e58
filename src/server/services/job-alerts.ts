import type { Kysely, Transaction } from 'kysely';
import { JOB_ALERT_REMINDER_DAYS } from '~/lib/job-alerts';
import type { Job } from '~/lib/schemas/job';
import type { MailSettings } from '../config';
import {
  alertsEndingSoon,
  alertsMatching,
  queueJobAlertMails,
  queueJobAlertReminders,
  type AlertMail,
  type Database,
  type JobAlertRow,
  type NewMail,
} from '../db';
import { jobAlertMail, jobAlertReminderMail } from '../mail';
import { newApplicationToken } from './application-token';

type Subscriber = { email: string; department: string | null; expiresAt: string };

/** An alert's mail with a fresh token for its renew and unsubscribe links; only the token's hash is stored. */
function withFreshToken(alert: JobAlertRow, compose: (subscriber: Subscriber, token: string) => NewMail): AlertMail {
  const { token, hash } = newApplicationToken();
  const subscriber = { email: alert.email, department: alert.department, expiresAt: alert.expires_at };
  return { alertId: alert.id, tokenHash: hash, mail: compose(subscriber, token) };
}

/**
 * A vacancy is being published (created open, or reopened): one mail to every confirmed, unexpired
 * alert for its department or for every vacancy, queued in the transaction that publishes it.
 */
export async function queueJobAlerts(
  trx: Transaction<Database>,
  settings: MailSettings,
  job: Job,
  now: Date,
): Promise<void> {
  const alerts = await alertsMatching(trx, job.department, now);
  const queued = alerts.map((alert) =>
    withFreshToken(alert, (subscriber, token) => jobAlertMail(settings, subscriber, job, token)),
  );
  await queueJobAlertMails(trx, queued, now);
}

/** Queues the one reminder of every confirmed alert that ends within JOB_ALERT_REMINDER_DAYS; returns how many. */
export async function remindEndingJobAlerts(db: Kysely<Database>, settings: MailSettings, now: Date): Promise<number> {
  const alerts = await alertsEndingSoon(db, now, JOB_ALERT_REMINDER_DAYS);
  const reminders = alerts.map((alert) =>
    withFreshToken(alert, (subscriber, token) => jobAlertReminderMail(settings, subscriber, token)),
  );
  return queueJobAlertReminders(db, reminders, now);
}
