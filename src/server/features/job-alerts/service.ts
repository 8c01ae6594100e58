import type { Kysely, Transaction } from 'kysely';
import { JOB_ALERT_REMINDER_DAYS } from '~/lib/job-alerts';
import type { Job } from '~/lib/schemas/job';
import type { MailSettings } from '../../config';
import { enqueueMails, type Database, type JobAlertRow, type NewMail } from '../../db';
import { newApplicationToken } from '../../services/application-token';
import { jobAlertConfirmMail, jobAlertMail, jobAlertReminderMail } from './mails';
import {
  alertsEndingSoon,
  alertsMatching,
  confirmJobAlert,
  insertAlertTokens,
  insertJobAlert,
  markReminded,
} from './repository';

type Subscriber = { email: string; department: string | null; expiresAt: string };

/** One alert's mail and the hash of the fresh token its links carry. */
type AlertMail = { alertId: number; tokenHash: string; mail: NewMail };

/** An alert's mail with a fresh token for its renew and unsubscribe links; only the token's hash is stored. */
function withFreshToken(alert: JobAlertRow, compose: (subscriber: Subscriber, token: string) => NewMail): AlertMail {
  const { token, hash } = newApplicationToken();
  const subscriber = { email: alert.email, department: alert.department, expiresAt: alert.expires_at };
  return { alertId: alert.id, tokenHash: hash, mail: compose(subscriber, token) };
}

/** Stores each alert's fresh token and queues the mails carrying them, in the caller's transaction. */
async function queueAlertMails(trx: Transaction<Database>, alerts: readonly AlertMail[], now: Date): Promise<void> {
  if (!alerts.length) return;
  await insertAlertTokens(trx, alerts, now);
  await enqueueMails(
    trx,
    alerts.map((a) => a.mail),
    now,
  );
}

/**
 * Stores an unconfirmed alert, the hash of its first token and the confirmation mail in one
 * transaction; the alert lasts `days` unless confirmed.
 */
export async function subscribeJobAlert(
  db: Kysely<Database>,
  settings: MailSettings,
  alert: { email: string; emailKey: string; department: string | null },
  now: Date,
  days: number,
): Promise<void> {
  const { token, hash } = newApplicationToken();
  const mail = jobAlertConfirmMail(settings, alert.email, alert.department, token);
  await db.transaction().execute(async (trx) => {
    await insertJobAlert(trx, alert, hash, now, days);
    await enqueueMails(trx, [mail], now);
  });
}

/** Confirms or renews an alert for `days`, dropping the address's twin alerts with it; returns the new expiry. */
export async function renewJobAlert(
  db: Kysely<Database>,
  alert: JobAlertRow,
  now: Date,
  days: number,
): Promise<string> {
  return db.transaction().execute((trx) => confirmJobAlert(trx, alert, now, days));
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
  await queueAlertMails(trx, queued, now);
}

/**
 * Queues the one reminder of every confirmed alert that ends within JOB_ALERT_REMINDER_DAYS, marking
 * them reminded in the same transaction; an alert another run marked first is skipped. Returns how many went.
 */
export async function remindEndingJobAlerts(db: Kysely<Database>, settings: MailSettings, now: Date): Promise<number> {
  const alerts = await alertsEndingSoon(db, now, JOB_ALERT_REMINDER_DAYS);
  const reminders = alerts.map((alert) =>
    withFreshToken(alert, (subscriber, token) => jobAlertReminderMail(settings, subscriber, token)),
  );
  if (!reminders.length) return 0;
  return db.transaction().execute(async (trx) => {
    const marked = await markReminded(
      trx,
      reminders.map((r) => r.alertId),
      now,
    );
    const due = reminders.filter((r) => marked.has(r.alertId));
    await queueAlertMails(trx, due, now);
    return due.length;
  });
}
