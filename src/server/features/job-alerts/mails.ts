import {
  JOB_ALERT_CONFIRM_PATH,
  JOB_ALERT_DAYS,
  JOB_ALERT_UNCONFIRMED_DAYS,
  JOB_ALERT_UNSUBSCRIBE_PATH,
} from '~/lib/job-alerts';
import { jobPath } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { site } from '~/site';
import type { MailSettings } from '../../config';
import { normalizeEmail, type NewMail } from '../../db';
import { FOOTER, mail } from '../../mail';

/** The mails of a visitor's job alert: the confirmation, one per matching vacancy, and a reminder before it ends. */

/** The links a job alert's mail carries; the token goes in the fragment of the pages, which no request sends. */
function jobAlertLinks(siteUrl: string, token: string) {
  return {
    confirm: `${siteUrl}${JOB_ALERT_CONFIRM_PATH}#${token}`,
    unsubscribe: `${siteUrl}${JOB_ALERT_UNSUBSCRIBE_PATH}#${token}`,
    /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` here. */
    oneClick: `${siteUrl}/api/alerts/${token}/unsubscribe`,
  };
}

const scope = (department: string | null) => (department ? `${department} roles` : 'new roles');

/** Subscribe → the address: the link to confirm; nothing else is sent before it is followed. */
export function jobAlertConfirmMail(
  settings: MailSettings,
  email: string,
  department: string | null,
  token: string,
): NewMail {
  const links = jobAlertLinks(settings.siteUrl, token);
  const confirm = mail(settings, 'job_alert_confirm', email, {
    subject: `Confirm your ${site.name} job alerts`,
    heading: 'Confirm your job alerts',
    blocks: [
      {
        kind: 'paragraph',
        text: `Someone, hopefully you, asked ${site.name} to e-mail this address about ${department ? `new ${department} roles` : 'every new role'}. Follow the link to confirm; until you do, we send nothing more.`,
      },
      { kind: 'link', label: 'Confirm my job alerts', href: links.confirm },
      {
        kind: 'paragraph',
        text: `If you did not ask for this, ignore this e-mail: the request is deleted after ${JOB_ALERT_UNCONFIRMED_DAYS} days.`,
      },
    ],
    footer: FOOTER,
  });
  return { ...confirm, subjectKey: normalizeEmail(email) };
}

/** A matching vacancy was published → a confirmed subscriber, with renewal and one-click unsubscribe. */
export function jobAlertMail(
  settings: MailSettings,
  alert: { email: string; department: string | null; expiresAt: string },
  job: Job,
  token: string,
): NewMail {
  const links = jobAlertLinks(settings.siteUrl, token);
  const alertMail = mail(settings, 'job_alert', alert.email, {
    subject: `New role at ${site.name}: ${job.title}`,
    heading: job.title,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Department', job.department],
          ['Location', job.location],
          ['Type', job.jobType],
        ],
      },
      { kind: 'link', label: 'Read the role and apply', href: `${settings.siteUrl}${jobPath(job)}` },
      {
        kind: 'paragraph',
        text: `You get this because you subscribed to ${scope(alert.department)} at ${site.name}. Your alerts end on ${alert.expiresAt.slice(0, 10)} unless you renew them for another ${JOB_ALERT_DAYS} days.`,
      },
      { kind: 'link', label: 'Keep my alerts for another year', href: links.confirm },
      { kind: 'link', label: 'Unsubscribe', href: links.unsubscribe },
    ],
    footer: FOOTER,
  });
  return { ...alertMail, subjectKey: normalizeEmail(alert.email), listUnsubscribe: links.oneClick, jobId: job.id };
}

/**
 * A confirmed alert ends in JOB_ALERT_REMINDER_DAYS → the subscriber, once: the day it ends and the
 * link that keeps it, so nobody loses alerts they still want without a word.
 */
export function jobAlertReminderMail(
  settings: MailSettings,
  alert: { email: string; department: string | null; expiresAt: string },
  token: string,
): NewMail {
  const links = jobAlertLinks(settings.siteUrl, token);
  const ends = alert.expiresAt.slice(0, 10);
  const reminder = mail(settings, 'job_alert_reminder', alert.email, {
    subject: `Your ${site.name} job alerts end on ${ends}`,
    heading: 'Keep your job alerts?',
    blocks: [
      {
        kind: 'paragraph',
        text: `You asked ${site.name} to e-mail you about ${scope(alert.department)}. Those alerts end on ${ends}. Keep them, and we write for another ${JOB_ALERT_DAYS} days; do nothing, and we stop and delete your address on that day.`,
      },
      { kind: 'link', label: 'Keep my alerts for another year', href: links.confirm },
      { kind: 'link', label: 'Unsubscribe now', href: links.unsubscribe },
    ],
    footer: FOOTER,
  });
  return { ...reminder, subjectKey: normalizeEmail(alert.email), listUnsubscribe: links.oneClick };
}
