/**
 * Personal data of applicants and contacts (notice, consent, retention, audit): the texts and
 * names shared by the forms, the admin area and the API.
 */
import { z } from 'zod/mini';
import type { ApplicantHistory } from './notes';
import type { Applicant } from './schemas/applicant';
import { EMAIL_PATTERN } from './schemas/application';

/** Where the privacy notice lives (content/legal/privacy.mdx). */
export const PRIVACY_PATH = '/privacy';

/**
 * How long personal data is kept by default, in days: the server's RETENTION_DAYS_* defaults and
 * the figures the privacy notice states. Applicants count from their last change of stage, by the
 * limit of their stage (RETENTION_CLASS in src/lib/schemas/applicant.ts).
 */
export const RETENTION_DEFAULT_DAYS = {
  rejected: 180,
  pending: 365,
  // Screening, interview and offer: a hiring process that has not moved for a year has ended.
  inProcess: 365,
  // Onboarding and probation; the employee's own file is kept outside this website.
  hired: 180,
  // Consent withdrawn: only the time to answer a question about the withdrawal.
  withdrawn: 30,
  messages: 365,
  audit: 730,
  mails: 30,
  // Job page view counts: the Sources report's twelve weeks, and a little more.
  views: 90,
} as const;

/** Days `npm run admin -- backup` keeps the backups in its folder by default (BACKUP_KEEP_DAYS). */
export const BACKUP_KEEP_DAYS_DEFAULT = 30;

/** The multipart field that carries the applicant's consent; the only accepted value is "true". */
export const CONSENT_FIELD = 'consent';

export const consentMessages = {
  label:
    'I agree that EdgeCraft AI stores my application to assess it for this and similar roles, as described in the privacy notice.',
  /** The same consent on a general application, which names a field instead of a role. */
  generalLabel:
    'I agree that EdgeCraft AI stores my general application to assess it for roles in the field I name, as described in the privacy notice.',
  required: 'Please agree to the privacy notice to apply',
  /**
   * The lines under the contact form (no checkbox: answering the message is the purpose), then the
   * link: what the website keeps when the form posts to the API, and when it goes through EmailJS.
   */
  contactNotice: (days: number) =>
    `We use your details only to answer this message. This website erases it after ${days} days; the copy our sales team receives by e-mail stays in their inbox as long as the conversation needs it, or until you ask us to delete it.`,
  contactNoticeEmailJs:
    'We use your details only to answer this message. It goes through EmailJS, our e-mail service provider, to our sales inbox, and this website stores none of it; it stays in that inbox as long as the conversation needs it, or until you ask us to delete it.',
  noticeLink: 'Privacy notice',
} as const;

/** The consent as the API reads it from a multipart text part. */
export const consentFieldSchema = z.literal('true', { error: consentMessages.required });

/** What the audit trail records; the admin area shows the label. */
export const AUDIT_ACTIONS = {
  'login.succeeded': 'Logged in',
  'login.failed': 'Login failed',
  logout: 'Logged out',
  'password.reset': 'Password reset',
  'applicants.listed': 'Listed applicants',
  'applicants.csv_exported': 'Exported applicants as CSV',
  'applicant.viewed': 'Viewed applicant',
  'resume.downloaded': 'Downloaded resume',
  'resume.previewed': 'Previewed resume',
  'applicant.status_changed': 'Changed status',
  'applicant.status_change_undone': 'Undid a status change',
  'applicant.deleted': 'Deleted applicant',
  'person.exported': 'Exported personal data',
  'person.erased': 'Erased person on request',
  'application.viewed': 'Applicant opened their page',
  'application.links_sent': 'Mailed an applicant their page links',
  'messages.listed': 'Listed messages',
  'message.deleted': 'Deleted message',
  'job.closed': 'Closed vacancy',
  'job.reopened': 'Reopened vacancy',
  'retention.purged': 'Purged by retention',
  'outbox.listed': 'Listed outbox',
  'outbox.read': 'Read a mail',
  'outbox.released': 'Released mails held after a restore',
  'outbox.discarded': 'Discarded mails held after a restore',
  'job.created': 'Created job',
  'job.updated': 'Updated job',
  'job.deleted': 'Deleted job',
  'admin.created': 'Created admin account',
  'admin.deleted': 'Deleted admin account',
  'note.added': 'Added a note',
  'note.deleted': 'Deleted a note',
  'applicant.mailed': 'Sent a template mail to an applicant',
  'mail_template.created': 'Created a mail template',
  'mail_template.updated': 'Updated a mail template',
  'mail_template.deleted': 'Deleted a mail template',
  'interviews.viewed': 'Viewed interviews and scorecards',
  'interview.scheduled': 'Scheduled an interview',
  'interview.rescheduled': 'Rescheduled an interview',
  'interview.cancelled': 'Cancelled an interview',
  'interview_slots.created': 'Added interview slots',
  'interview_slot.moved': 'Moved an interview slot',
  'interview_slot.deleted': 'Removed an interview slot',
  'interview_slots.offered': 'Invited an applicant to choose an interview time',
  'scorecard.submitted': 'Submitted a scorecard',
  'team.invited': 'Invited a team member',
  'team.reinvited': 'Sent a team member a new invitation link',
  'team.role_changed': 'Changed a role',
  'team.removed': 'Removed a team member',
  'team.two_factor_required': 'Changed the two-factor rule',
  'team.stage_deadlines_set': 'Changed the stage deadlines',
  'two_factor.enabled': 'Turned on two-factor sign-in',
  'two_factor.disabled': 'Turned off two-factor sign-in',
  'two_factor.recovery_used': 'Signed in with a recovery code',
  'two_factor.code_failed': 'Entered a wrong two-factor code',
  'two_factor.password_failed': 'Entered a wrong password to change two-factor sign-in',
  'two_factor.locked': 'Too many wrong two-factor codes',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** Actions that only list records ('Listed applicants'): the Activity tab hides them unless asked. */
export const LIST_VIEW_ACTIONS = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((a) => a.endsWith('.listed'));
export const auditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

/** One audit row as the API lists it. Holds no applicant's name, e-mail or phone. */
export type AuditEntry = {
  id: number;
  at: string;
  /** Null for the system (retention) and for failed logins of unknown accounts. */
  adminId: number | null;
  adminEmail: string | null;
  /** The member's display name now, once they gave one (none for a deleted member). */
  adminName: string | null;
  action: AuditAction;
  /** What the action touched: 'applicant', 'message', 'job', 'admin' or null for list-wide actions. */
  subjectType: 'applicant' | 'message' | 'job' | 'admin' | null;
  subjectId: number | null;
  /** A short sentence without personal data, e.g. 'erased 3 records for a person on request'. */
  summary: string;
};

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null; admins: { id: number; email: string }[] };

/** `GET /api/applicants/{id}` (admin): one applicant, with the consent recorded when it applied. */
export type ApplicantDetail = {
  applicant: Applicant;
  consent: { givenAt: string; noticeVersion: string } | null;
} & ApplicantHistory;

/** `POST /api/erasure` body. */
export const erasureSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .check(
      z.trim(),
      z.maxLength(254, 'Please enter a valid email address'),
      z.regex(EMAIL_PATTERN, 'Please enter a valid email address'),
    ),
});

export const privacyMessages = {
  erased: (n: number) => `erased ${n} record${n === 1 ? '' : 's'} for a person on request`,
  exportFailed: 'Failed to export data',
  eraseFailed: 'Failed to erase person',
  csvFailed: 'Failed to export CSV',
  /** Who acted, as a person's data export names it: the team, never a member of staff. */
  exportActor: 'the hiring team',
  /** Who acted, as the audit trail names an applicant acting on their own private page. */
  applicantActor: 'the applicant',
} as const;
