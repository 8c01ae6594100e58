/** The admin Outbox: what the API lists and answers. */
import { PASSWORD_RESET_TTL_MINUTES } from '../limits';
import { INVITATION_TTL_HOURS } from '../team';

type MailKindInfo = {
  /** What the Outbox tab calls it. */
  label: string;
  /**
   * How long the link such a mail carries works; null: it carries none; Infinity: a private
   * application page's or a job alert's link, which works until the applicant or the alert is
   * gone. Such a body is removed once delivered, and once the link has expired whatever became of
   * the mail, so no backup of the outbox holds a link that still works once it is sent.
   */
  linkLifetimeMs: number | null;
};

/** Every kind of mail the site sends: a new kind is one entry here, then the mail that composes it (server/mail). */
export const MAIL_KINDS = {
  new_application: { label: 'New application', linkLifetimeMs: null },
  application_received: { label: 'Application received', linkLifetimeMs: Infinity },
  new_contact: { label: 'New contact message', linkLifetimeMs: null },
  status_changed: { label: 'Status changed', linkLifetimeMs: null },
  password_reset: { label: 'Password reset', linkLifetimeMs: PASSWORD_RESET_TTL_MINUTES * 60_000 },
  invitation: { label: 'Team invitation', linkLifetimeMs: INVITATION_TTL_HOURS * 3_600_000 },
  second_factor_alert: { label: 'Wrong sign-in codes', linkLifetimeMs: null },
  applicant_message: { label: 'Message to an applicant', linkLifetimeMs: null },
  application_links: { label: 'Private page links', linkLifetimeMs: Infinity },
  application_withdrawn: { label: 'Application withdrawn', linkLifetimeMs: null },
  application_erased: { label: 'Application erased', linkLifetimeMs: null },
  interview_invitation: { label: 'Interview invitation', linkLifetimeMs: null },
  interview_cancelled: { label: 'Interview cancelled', linkLifetimeMs: null },
  interview_slots: { label: 'Interview times to choose', linkLifetimeMs: Infinity },
  job_alert_confirm: { label: 'Job alert confirmation', linkLifetimeMs: Infinity },
  job_alert: { label: 'Job alert', linkLifetimeMs: Infinity },
  job_alert_reminder: { label: 'Job alert reminder', linkLifetimeMs: Infinity },
  overdue_digest: { label: 'Overdue applicants digest', linkLifetimeMs: null },
  stage_update: { label: 'Update to a waiting applicant', linkLifetimeMs: null },
} as const satisfies Record<string, MailKindInfo>;
export type MailKind = keyof typeof MAIL_KINDS;

/** Whether admins may read a mail of `kind` in the Outbox: not one carrying a private or single-use link. */
export const readableMailKind = (kind: MailKind): boolean => MAIL_KINDS[kind].linkLifetimeMs === null;

/** `GET /api/outbox/{id}/text`: the plain-text body of a mail that carries no link. */
export type OutboxMailText = { text: string };

/** `not configured`: pending on a server without SMTP_URL; `held`: pending, waiting for an admin after a restore. */
export type OutboxDisplayStatus = 'pending' | 'sent' | 'failed' | 'held' | 'not configured';

export type OutboxMail = {
  id: number;
  kind: MailKind;
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
  /** A mail with a private or single-use link: reading it would hand the link to whoever reads. */
  textWithLink: 'This mail carries a private link, so its text is not shown',
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
