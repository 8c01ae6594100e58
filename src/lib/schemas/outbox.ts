/** The admin Outbox: what the API lists and answers. */

export const OUTBOX_KINDS = {
  new_application: 'New application',
  application_received: 'Application received',
  new_contact: 'New contact message',
  status_changed: 'Status changed',
  password_reset: 'Password reset',
  invitation: 'Team invitation',
  second_factor_alert: 'Wrong sign-in codes',
  applicant_message: 'Message to an applicant',
  application_links: 'Private page links',
  application_withdrawn: 'Application withdrawn',
  application_erased: 'Application erased',
  interview_invitation: 'Interview invitation',
  interview_cancelled: 'Interview cancelled',
  job_alert_confirm: 'Job alert confirmation',
  job_alert: 'Job alert',
  job_alert_reminder: 'Job alert reminder',
} as const;
type OutboxKind = keyof typeof OUTBOX_KINDS;

/** `not configured`: pending on a server without SMTP_URL; `held`: pending, waiting for an admin after a restore. */
export type OutboxDisplayStatus = 'pending' | 'sent' | 'failed' | 'held' | 'not configured';

export type OutboxMail = {
  id: number;
  kind: OutboxKind;
  recipient: string;
  subject: string;
  status: OutboxDisplayStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When a pending mail is tried next. */
  nextAttemptAt: string;
};

/** `GET /api/outbox`. */
export type OutboxList = {
  /** False when the server has no SMTP_URL: nothing is sent. */
  configured: boolean;
  counts: { pending: number; sent: number; failed: number; held: number };
  /** When the oldest pending mail was queued; null when none is pending. */
  oldestPendingAt: string | null;
  mails: OutboxMail[];
};

/** How many mails the Outbox lists (newest first). */
export const OUTBOX_LIST_LIMIT = 200;

export const outboxMessages = {
  notFound: 'Mail not found',
  notFailed: 'Only failed mails can be retried',
  linkExpired: 'This mail carried a link that has expired: send a new invitation or reset link instead.',
  retried: 'The mail will be sent again shortly.',
  retriedAll: (count: number) =>
    count === 0
      ? 'No failed mails to send again.'
      : `${count} failed ${count === 1 ? 'mail' : 'mails'} will be sent again shortly.`,
  notConfigured: 'E-mail is not configured: set SMTP_URL on the server to send these mails.',
  held: (count: number) =>
    `${count} ${count === 1 ? 'mail was' : 'mails were'} waiting to be sent when this database was restored from a backup, so ${count === 1 ? 'it' : 'they'} may have gone out already. Send ${count === 1 ? 'it' : 'them'} now, or discard ${count === 1 ? 'it' : 'them'}.`,
  released: (count: number) => `${count} held ${count === 1 ? 'mail' : 'mails'} will be sent shortly.`,
  discarded: (count: number) => `${count} held ${count === 1 ? 'mail was' : 'mails were'} discarded.`,
} as const;
