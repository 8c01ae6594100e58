import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ApplicantStatus } from '~/lib/schemas/applicant';
import type { JobType } from '~/lib/schemas/job';
import type { ResumeKind } from '~/lib/limits';

/** Timestamps are ISO 8601 UTC strings written by the server, identical on SQLite and PostgreSQL. */
type Timestamp = string;

export interface AdminsTable {
  id: Generated<number>;
  /** Lower-cased, trimmed; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (base64url parts). */
  password_hash: string;
  /** Bumped on password reset; tokens carry it, so a reset logs out every old session. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  title: string;
  department: string;
  location: string;
  job_type: JobType;
  description: string;
  salary_range: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApplicantsTable {
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
  linkedin: string | null;
  cover_letter: string;
  status: ApplicantStatus;
  applied_at: Timestamp;
}

export interface ResumesTable {
  /** One resume per applicant, deleted with it (foreign key, cascade). */
  applicant_id: number;
  /** Kind sniffed from the bytes, never trusted from the upload name. */
  kind: ResumeKind;
  mime_type: string;
  size: number;
  /** Hex SHA-256 of `data`. */
  sha256: string;
  data: Uint8Array;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

/** Ids of deleted jobs (issue 7: their pages answer 410). */
export interface ClosedJobsTable {
  id: number;
  closed_at: Timestamp;
}

export interface Database {
  admins: AdminsTable;
  jobs: JobsTable;
  closed_jobs: ClosedJobsTable;
  applicants: ApplicantsTable;
  resumes: ResumesTable;
  contact_messages: ContactMessagesTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;
export type ApplicantRow = Selectable<ApplicantsTable>;
export type AdminRow = Selectable<AdminsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;

export type DbKind = 'sqlite' | 'postgres';
