import type { Kysely } from 'kysely';
import type { ResumeKind } from '~/lib/limits';
import type { Applicant, ApplicantStatus, RejectionReason } from '~/lib/schemas/applicant';
import type { ApplicationFields } from '~/lib/schemas/application';
import type { Job } from '~/lib/schemas/job';
import { DIRECT_SOURCE } from '~/lib/sources';
import { normalizeEmail } from './admins';
import { insertApplicationToken } from './application-tokens';
import { isDbId } from './ids';
import { enqueueMails, type NewMail } from './outbox';
import type { ApplicantRow, Database } from './schema';

type ApplicantWithResume = ApplicantRow & { resume_kind: ResumeKind; resume_size: number };

/** An applicant's row as the API names its fields, without the resume. */
export function applicantFields(row: ApplicantRow): Omit<Applicant, 'resume'> {
  return {
    id: Number(row.id),
    jobId: Number(row.job_id),
    jobTitle: row.job_title,
    department: row.department,
    name: row.name,
    email: row.email,
    phone: row.phone,
    linkedin: row.linkedin,
    coverLetter: row.cover_letter,
    status: row.status,
    appliedAt: row.applied_at,
    statusChangedAt: row.status_changed_at ?? row.applied_at,
    source: row.source,
    rejectionReason: row.rejection_reason ?? null,
  };
}

function toApplicant(row: ApplicantWithResume): Applicant {
  return { ...applicantFields(row), resume: { kind: row.resume_kind, size: Number(row.resume_size) } };
}

function selectApplicants(db: Kysely<Database>) {
  return db
    .selectFrom('applicants')
    .innerJoin('resumes', 'resumes.applicant_id', 'applicants.id')
    .selectAll('applicants')
    .select(['resumes.kind as resume_kind', 'resumes.size as resume_size']);
}

/** Every applicant, newest first, without resume bytes. */
export async function listApplicants(db: Kysely<Database>): Promise<Applicant[]> {
  const rows = await selectApplicants(db)
    .orderBy('applicants.applied_at', 'desc')
    .orderBy('applicants.id', 'desc')
    .execute();
  return rows.map(toApplicant);
}

export async function getApplicantById(db: Kysely<Database>, id: number): Promise<Applicant | null> {
  if (!isDbId(id)) return null;
  const row = await selectApplicants(db).where('applicants.id', '=', id).executeTakeFirst();
  return row ? toApplicant(row) : null;
}

export async function hasApplied(db: Kysely<Database>, jobId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('applicants')
    .select('id')
    .where('job_id', '=', jobId)
    .where('email_key', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

export type StoredResume = { kind: ResumeKind; mimeType: string; data: Uint8Array; sha256: string };

/** The mails that report a change to an applicant, queued in the same transaction. */
export type ApplicantMails = (applicant: Applicant) => readonly NewMail[];

/**
 * Stores the applicant (pending, with the job snapshot), the resume and the mails reporting it
 * in ONE transaction: either all rows exist afterwards or none does. A duplicate (job, email)
 * throws the database's unique-violation error (see isUniqueViolation). `consentVersion` is the
 * privacy notice the applicant agreed to, recorded with the application's time. `fields.source`
 * is where they came from, already checked ('direct' when left out). `tokenHash` opens the
 * applicant's private page (the receipt among `mails` carries its token).
 */
export async function insertApplicantWithResume(
  db: Kysely<Database>,
  job: Pick<Job, 'id' | 'title' | 'department'>,
  fields: ApplicationFields & { source?: string },
  resume: StoredResume,
  now = new Date(),
  consentVersion: string | null = null,
  mails?: ApplicantMails,
  tokenHash?: string,
): Promise<Applicant> {
  const appliedAt = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('applicants')
      .values({
        job_id: job.id,
        job_title: job.title,
        department: job.department,
        name: fields.name,
        email: fields.email,
        email_key: normalizeEmail(fields.email),
        phone: fields.phone,
        linkedin: fields.linkedin ? fields.linkedin : null,
        cover_letter: fields.coverLetter,
        status: 'pending',
        applied_at: appliedAt,
        status_changed_at: appliedAt,
        consent_at: consentVersion === null ? null : appliedAt,
        consent_version: consentVersion,
        source: fields.source ?? DIRECT_SOURCE,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('resumes')
      .values({
        applicant_id: row.id,
        kind: resume.kind,
        mime_type: resume.mimeType,
        size: resume.data.byteLength,
        sha256: resume.sha256,
        data: resume.data,
      })
      .execute();
    if (tokenHash) await insertApplicationToken(trx, Number(row.id), tokenHash, now);
    const applicant = toApplicant({ ...row, resume_kind: resume.kind, resume_size: resume.data.byteLength });
    if (mails) await enqueueMails(trx, mails(applicant), now);
    return applicant;
  });
}

/** A move of one applicant between stages; `reason` is kept when `to` is rejected (and cleared otherwise). */
export type StageMove = { from: ApplicantStatus; to: ApplicantStatus; reason?: RejectionReason | null };

/**
 * Changes the status only if it is still `move.from` (so two admins racing cannot skip a check),
 * and queues `mails` for the updated applicant in the same transaction.
 * Returns the updated applicant, or null when the row changed or vanished meanwhile.
 */
export async function updateApplicantStatus(
  db: Kysely<Database>,
  id: number,
  move: StageMove,
  now = new Date(),
  mails?: ApplicantMails,
): Promise<Applicant | null> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('applicants')
      .set({
        status: move.to,
        status_changed_at: now.toISOString(),
        rejection_reason: move.to === 'rejected' ? (move.reason ?? null) : null,
      })
      .where('id', '=', id)
      .where('status', '=', move.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    const applicant = await getApplicantById(trx, id);
    if (applicant && mails) await enqueueMails(trx, mails(applicant), now);
    return applicant;
  });
}

/** Deletes the applicant and its resume together. */
export async function deleteApplicant(db: Kysely<Database>, id: number): Promise<boolean> {
  if (!isDbId(id)) return false;
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('resumes').where('applicant_id', '=', id).execute();
    const result = await trx.deleteFrom('applicants').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export async function getResume(
  db: Kysely<Database>,
  applicantId: number,
): Promise<{ name: string; kind: ResumeKind; mimeType: string; sha256: string; data: Uint8Array } | null> {
  if (!isDbId(applicantId)) return null;
  const row = await db
    .selectFrom('resumes')
    .innerJoin('applicants', 'applicants.id', 'resumes.applicant_id')
    .select(['applicants.name', 'resumes.kind', 'resumes.mime_type', 'resumes.sha256', 'resumes.data'])
    .where('resumes.applicant_id', '=', applicantId)
    .executeTakeFirst();
  return row ? { name: row.name, kind: row.kind, mimeType: row.mime_type, sha256: row.sha256, data: row.data } : null;
}
