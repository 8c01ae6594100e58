import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ApplicantStatus, RejectionReason, ResumeTextState } from '~/lib/schemas/applicant';
import type { JobKind, JobType } from '~/lib/schemas/job';
import type { ResumeKind } from '~/lib/limits';
import type { Recommendation } from '~/lib/interviews';
import type { MailKind } from '~/lib/schemas/outbox';
import type { Role } from '~/lib/team';

/** Timestamps are ISO 8601 UTC strings written by the server, identical on SQLite and PostgreSQL. */
type Timestamp = string;

interface AdminsTable {
  id: Generated<number>;
  /** Lower-cased, trimmed; unique. */
  email: string;
  /** argon2id in PHC format; older rows `scrypt$N$r$p$salt$hash` until their next login (password.ts). */
  password_hash: string;
  /** Bumped on password reset; tokens carry it, so a reset logs out every old session. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** What they may do (src/server/roles.ts); existing accounts became owners. */
  role: ColumnType<Role, Role | undefined, Role>;
  /** Set at every successful sign-in. */
  last_sign_in_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The name they go by, one line; null until they give one (then the dashboard uses their address). */
  display_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The TOTP key once two-factor sign-in is confirmed, encrypted (services/two-factor-vault.ts); null without it. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A key shown for enrolment, not yet confirmed with a code; encrypted likewise. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The 30-second step of the last accepted code: a code is never accepted twice. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Single-use recovery codes for two-factor sign-in, stored as keyed hashes (HMAC-SHA-256). */
interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

/** Notes the team writes on an applicant; deleted with the applicant (erasure, retention). */
interface ApplicantNotesTable {
  id: Generated<number>;
  applicant_id: number;
  /** The author; null once they are removed from the team (their e-mail stays). */
  admin_id: number | null;
  author_email: string;
  text: string;
  created_at: Timestamp;
}

/** Team-wide settings, one row per key (`require_two_factor`: '1' or '0'). */
interface TeamSettingsTable {
  key: string;
  value: string;
}

interface JobsTable {
  id: Generated<number>;
  title: string;
  department: string;
  location: string;
  job_type: JobType;
  description: string;
  salary_range: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When an admin closed the vacancy (no applications, its page answers 410); null while open. */
  closed_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Its last open day (UTC, `YYYY-MM-DD`): it closes by itself at the end of it; null: no closing date. */
  closes_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the criteria its scorecards rate; null: the default ones (src/lib/interviews.ts). */
  scorecard_criteria: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'open': the permanent general-application entry (never listed publicly, never deleted); else 'vacancy'. */
  kind: ColumnType<JobKind, JobKind | undefined, never>;
}

/** An interview with an applicant; deleted with the applicant (erasure, retention). */
interface InterviewsTable {
  id: Generated<number>;
  applicant_id: number;
  /** The invitation's iCalendar UID, the same in every update and the cancellation. */
  uid: string;
  /** The invitation's SEQUENCE: 0 when scheduled, one more at each reschedule and at the cancellation. */
  sequence: ColumnType<number, number | undefined, number>;
  starts_at: Timestamp;
  duration_minutes: number;
  /** A place or a video link, as the recruiter wrote it. */
  location: string;
  /** For the applicant and the panel: it goes into the invitation. */
  note: string | null;
  /** The IANA zone the mails give the time in, beside UTC. */
  time_zone: string;
  cancelled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who interviews: team members (never viewers); a member removed from the team leaves every panel. */
interface InterviewPanelTable {
  interview_id: number;
  admin_id: number;
}

/** Everyone who was ever on an interview's panel, today's included; rows are never removed but with the interview. */
interface InterviewPanelHistoryTable {
  interview_id: number;
  admin_id: number;
}

/** A time a vacancy's panel offers for an interview; deleted with the vacancy. */
interface InterviewSlotsTable {
  id: Generated<number>;
  job_id: number;
  starts_at: Timestamp;
  duration_minutes: number;
  /** A place or a video link, as the recruiter wrote it. */
  location: string;
  /** The applicant who booked it (one slot each), or null while free; freed when the booking is cancelled. */
  booked_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The interview the booking made, or null while free. */
  interview_id: ColumnType<number | null, number | null | undefined, number | null>;
  booked_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who interviews in a slot: team members (never viewers). */
interface InterviewSlotPanelTable {
  slot_id: number;
  admin_id: number;
}

/** The slots an applicant was invited to choose from; deleted with the applicant or the slot. */
interface InterviewSlotOffersTable {
  slot_id: number;
  applicant_id: number;
  offered_at: Timestamp;
}

/** An interviewer's verdict on an interview; one per interviewer, deleted with the interview. */
interface ScorecardsTable {
  id: Generated<number>;
  interview_id: number;
  /** Null once the author is removed from the team (their e-mail stays). */
  admin_id: number | null;
  author_email: string;
  recommendation: Recommendation;
  /** JSON object: criterion → rating 1 to 4. */
  ratings: string;
  notes: string;
  submitted_at: Timestamp;
}

interface ApplicantsTable {
  id: Generated<number>;
  /** The job applied for; no foreign key, the job may be deleted and the applicant stays. */
  job_id: number;
  /** Snapshot of the job's title and department when the application arrived. */
  job_title: string;
  department: string;
  name: string;
  email: string;
  /** Lower-cased e-mail: one application per (job_id, email_key). */
  email_key: string;
  phone: string;
  /** The phone's last ten digits (db/phone-key.ts): links one person's applications. */
  phone_key: ColumnType<string | null, string | null | undefined, never>;
  linkedin: string | null;
  cover_letter: string;
  status: ApplicantStatus;
  applied_at: Timestamp;
  /** When the status last changed (the application time until then); retention counts from it. */
  status_changed_at: ColumnType<Timestamp | null, Timestamp | undefined, Timestamp>;
  /** When the applicant agreed to the privacy notice, and which version of it (null before consent existed). */
  consent_at: ColumnType<Timestamp | null, Timestamp | null | undefined, never>;
  consent_version: ColumnType<string | null, string | null | undefined, never>;
  /** The `?source=` of the job link they came from (src/lib/sources.ts); 'direct' without one. */
  source: ColumnType<string, string | undefined, never>;
  /** Why the hiring team rejected the applicant (a REJECTION_REASONS key); null unless rejected. */
  rejection_reason: ColumnType<RejectionReason | null, RejectionReason | null | undefined, RejectionReason | null>;
  /** What a general application (to the open entry) says the applicant wants to work on; null for a vacancy. */
  field_of_interest: ColumnType<string | null, string | null | undefined, never>;
  /** When the applicant first reached Screening or a later stage; kept when they move on or back; null if never. */
  reached_screening_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The stage start (its status_changed_at) whose overdue update was queued; null: none for the current stage. */
  overdue_update_for: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** The UTC days whose overdue digest was queued: one per day, whichever instance gets there first. */
interface OverdueDigestsTable {
  day: string;
  queued_at: Timestamp;
}

/** The hiring team's mail templates to applicants (no personal data: the team's own copy). */
interface MailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  /** 'interview_slots': the invitation to choose an interview time; null: a template recruiters send by hand. */
  purpose: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Views of a job's page per UTC day and source: a count, nothing about who viewed. */
interface JobViewsTable {
  /** No foreign key: deleteJob deletes a job's counts with it, and retention the days past RETENTION_DAYS_VIEWS. */
  job_id: number;
  /** YYYY-MM-DD, UTC. */
  day: string;
  source: string;
  views: number;
}

/** Views already counted this hour: a keyed hash of client network, job and hour, deleted once the hour is over. */
interface JobViewMarksTable {
  /** base64url HMAC-SHA256 under the server's secret; no address is stored. */
  mark: string;
  /** YYYY-MM-DDTHH, UTC. */
  hour: string;
}

interface ResumesTable {
  /** One resume per applicant, deleted with it (foreign key, cascade). */
  applicant_id: number;
  /** Kind sniffed from the bytes, never trusted from the upload name. */
  kind: ResumeKind;
  mime_type: string;
  size: number;
  /** Hex SHA-256 of `data`. */
  sha256: string;
  data: Uint8Array;
  /** The text read from the file (PDF, DOCX) for search and export; null until read, or when it could not be. */
  text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the text was read (src/lib/schemas/applicant.ts, RESUME_TEXT_STATES). */
  text_state: ColumnType<ResumeTextState, ResumeTextState | undefined, ResumeTextState>;
}

interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
  /** When an admin marked the message handled; null until then (and again when marked unhandled). */
  handled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** Ids of deleted jobs (their pages answer 410). */
interface ClosedJobsTable {
  id: number;
  closed_at: Timestamp;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';
export type { MailKind };

/** One e-mail, queued with the data it reports and delivered at least once by the outbox worker. */
interface OutboxTable {
  id: Generated<number>;
  kind: MailKind;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** The Message-ID header, fixed when queued: a retry after a crash carries the same one. */
  message_id: string;
  /** The normalised e-mail address of the person the mail is about (erasure deletes by it); null: nobody's. */
  subject_key: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** Not before this time (backoff after a failed attempt). */
  next_attempt_at: Timestamp;
  /** The instance holding the lease, and until when; a lapsed lease may be taken over. */
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** Since when a pending mail waits for an admin to release or discard it (set after a restore); null: not held. */
  held_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** An iCalendar invitation (RFC 5546) sent as a text/calendar part and an .ics file; null for other mails. */
  calendar: ColumnType<string | null, string | null | undefined, string | null>;
  /** The one-click unsubscribe URL (RFC 8058) sent as `List-Unsubscribe`; null for mails that are not alerts. */
  list_unsubscribe: ColumnType<string | null, string | null | undefined, string | null>;
  /** The vacancy a job alert announces; null for other mails. */
  job_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The undoable action that queued it and whom it is for (`token.applicantId`): undo withdraws it. */
  undo_tag: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A move or bulk action that may still be undone: what it changed, until the mails it queued are due. */
interface PendingUndosTable {
  /** Random and unguessable; only the admin who acted may use it. */
  token: string;
  admin_id: number;
  /** JSON: the `UndoChange`s (features/applicants/undo.ts); ids and stages, no personal data. */
  changes: string;
  expires_at: Timestamp;
}

/** Password-reset links: only a SHA-256 of the token is stored; single use, short-lived. */
interface PasswordResetsTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The inviter's e-mail for an invitation link; null for a password reset link. */
  invited_by: string | null;
}

/** Links to an applicant's private page (`/application/{token}`): a SHA-256 of each token, valid until the applicant goes. */
interface ApplicationTokensTable {
  /** Hex SHA-256 of the 256-bit random token that only the mails carry. */
  token_hash: string;
  /** Deleted with the applicant (foreign key, cascade): erasure, retention, deletion. */
  applicant_id: number;
  created_at: Timestamp;
  /** When the token last opened its page (its issue until then); idle past LINK_IDLE_DAYS, it opens nothing. */
  last_used_at: Timestamp;
}

/** A visitor's alert for new vacancies; gone when unsubscribed, erased or past `expires_at`. */
interface JobAlertsTable {
  id: Generated<number>;
  /** The address as typed, and normalised (export and erasure find it by this). */
  email: string;
  email_key: string;
  /** One department, or null for every vacancy. */
  department: string | null;
  created_at: Timestamp;
  /** When the confirmation link was followed; null: nothing is sent to the address but that link. */
  confirmed_at: Timestamp | null;
  /** Unconfirmed: a week after subscribing; confirmed: a year after the last confirmation or renewal. */
  expires_at: Timestamp;
  /** When the reminder that the alerts end soon was queued; null until then, and again after a renewal. */
  reminded_at: Timestamp | null;
}

/** Links of a job alert's mails (confirm, renew, unsubscribe): a SHA-256 of each token, deleted with the alert. */
interface JobAlertTokensTable {
  token_hash: string;
  alert_id: number;
  created_at: Timestamp;
  /** As an application token's: idle past LINK_IDLE_DAYS, it opens nothing. */
  last_used_at: Timestamp;
}

/** Append-only record of admin and system actions on personal data; holds no applicant's details. */
interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  admin_id: number | null;
  admin_email: string | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  summary: string;
}

/** Wrong second-factor codes per admin in a fixed window (epoch ms), shared by every instance. */
interface SecondFactorFailuresTable {
  admin_id: number;
  failures: number;
  window_ends_at: ColumnType<number, number, number>;
}

/** Tokens ended by logout; rows past `expires_at` (epoch ms) can go. */
interface RevokedTokensTable {
  /** base64url SHA-256 of the token's signature. */
  token_hash: string;
  expires_at: ColumnType<number, number, number>;
}

export interface Database {
  admins: AdminsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  team_settings: TeamSettingsTable;
  applicant_notes: ApplicantNotesTable;
  interviews: InterviewsTable;
  interview_panel: InterviewPanelTable;
  interview_panel_history: InterviewPanelHistoryTable;
  scorecards: ScorecardsTable;
  interview_slots: InterviewSlotsTable;
  interview_slot_panel: InterviewSlotPanelTable;
  interview_slot_offers: InterviewSlotOffersTable;
  jobs: JobsTable;
  closed_jobs: ClosedJobsTable;
  applicants: ApplicantsTable;
  job_views: JobViewsTable;
  job_view_marks: JobViewMarksTable;
  resumes: ResumesTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  pending_undos: PendingUndosTable;
  overdue_digests: OverdueDigestsTable;
  password_resets: PasswordResetsTable;
  application_tokens: ApplicationTokensTable;
  job_alerts: JobAlertsTable;
  job_alert_tokens: JobAlertTokensTable;
  audit_log: AuditLogTable;
  revoked_tokens: RevokedTokensTable;
  second_factor_failures: SecondFactorFailuresTable;
  mail_templates: MailTemplatesTable;
}

export type JobRow = Selectable<JobsTable>;
export type ApplicantRow = Selectable<ApplicantsTable>;
export type AdminRow = Selectable<AdminsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;

export type OutboxRow = Selectable<OutboxTable>;
export type JobAlertRow = Selectable<JobAlertsTable>;

export type DbKind = 'sqlite' | 'postgres';
