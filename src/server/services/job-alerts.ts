import type { Job } from '~/lib/schemas/job';
import type { Services } from '../config';
import { alertsMatching, queueJobAlertMails } from '../db';
import { jobAlertMail } from '../mail';
import { newApplicationToken } from './application-token';

/**
 * A vacancy was published (created open, or reopened): one mail to every confirmed, unexpired
 * alert for its department or for every vacancy, each with a fresh token for its renew and
 * unsubscribe links. Queued in one transaction; the outbox delivers them.
 */
export async function mailJobAlerts(services: Services, job: Job): Promise<number> {
  const now = services.now();
  const alerts = await alertsMatching(services.db, job.department, now);
  const queued = alerts.map((alert) => {
    const { token, hash } = newApplicationToken();
    return {
      alertId: alert.id,
      tokenHash: hash,
      mail: jobAlertMail(
        services.config.mail,
        { email: alert.email, department: alert.department, expiresAt: alert.expires_at },
        job,
        token,
      ),
    };
  });
  await queueJobAlertMails(services.db, queued, now);
  return queued.length;
}
