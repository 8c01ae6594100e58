import type { Transaction } from 'kysely';
import type { Job } from '~/lib/schemas/job';
import type { MailSettings } from '../config';
import { alertsMatching, queueJobAlertMails, type Database } from '../db';
import { jobAlertMail } from '../mail';
import { newApplicationToken } from './application-token';

/**
 * A vacancy is being published (created open, or reopened): one mail to every confirmed, unexpired
 * alert for its department or for every vacancy, each with a fresh token for its renew and
 * unsubscribe links, queued in the transaction that publishes it. Returns how many.
 */
export async function queueJobAlerts(
  trx: Transaction<Database>,
  settings: MailSettings,
  job: Job,
  now: Date,
): Promise<number> {
  const alerts = await alertsMatching(trx, job.department, now);
  const queued = alerts.map((alert) => {
    const { token, hash } = newApplicationToken();
    return {
      alertId: alert.id,
      tokenHash: hash,
      mail: jobAlertMail(
        settings,
        { email: alert.email, department: alert.department, expiresAt: alert.expires_at },
        job,
        token,
      ),
    };
  });
  await queueJobAlertMails(trx, queued, now);
  return queued.length;
}
