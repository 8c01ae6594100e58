import type { Kysely } from 'kysely';
import type { ResumeKind } from '~/lib/limits';
import type { OtherApplication } from '~/lib/notes';
import {
  SCREENING_OR_LATER,
  type Applicant,
  type ApplicantStatus,
  type RejectionReason,
  type ResumeTextState,
} from '~/lib/schemas/applicant';
import type { ApplicationFields } from '~/lib/schemas/application';
import type { Job } from '~/lib/schemas/job';
import { DIRECT_SOURCE } from '~/lib/sources';
import { normalizeEmail } from './admins';
import { insertApplicationToken } from './application-tokens';
import { isDbId } from './ids';
import { phoneKey } from './phone-key';
import { enqueueMails, type NewMail } from './outbox';
import type { ApplicantRow, Database } from './schema';

type ApplicantWithResume = ApplicantRow & {
  resume_kind: ResumeKind;
  resume_size: number;
  resume_text_state: ResumeTextState;
};

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
    fieldOfInterest: row.field_of_interest ?? null,
  };
}

function toApplicant(row: ApplicantWithResume): Applicant {
  return {
    ...applicantFields(row),
    resume: { kind: row.resume_kind, size: Number(row.resume_size), text: row.resume_text_state },
  };
}

function selectApplicants(db: Kysely<Database>) {
  return db
    .selectFrom('applicants')
    .innerJoin('resumes', 'resumes.applicant_id', 'applicants.id')
    .selectAll('applicants')
    .select(['resumes.kind as resume_kind', 'resumes.size as resume_size', 'resumes.text_state as resume_text_state']);
}

/** Every applicant, newest first, without resume bytes. */
export async function listApplicants(db: Kysely<Database>): Promise<Applicant[]> {
  const rows = await selectApplicants(db)
    .orderBy('applicants.applied_at', 'desc')
    .orderBy('applicants.id', 'desc')
    .execute();
  return rows.map(toApplicant);
}

/** The applicants with these ids, in no particular order. */
export async function getApplicantsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<Applicant[]> {
  if (!ids.length) return [];
  return (await selectApplicants(db).where('applicants.id', 'in', ids).execute()).map(toApplicant);
}

export async function getApplicantById(db: Kysely<Database>, id: number): Promise<Applicant | null> {
  if (!isDbId(id)) return null;
  const row = await selectApplicants(db).where('applicants.id', '=', id).executeTakeFirst();
  return row ? toApplicant(row) : null;
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
  fields: ApplicationFields & { source?: string; fieldOfInterest?: string | null },
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
        phone_key: phoneKey(fields.phone),
        linkedin: fields.linkedin ? fields.linkedin : null,
        cover_letter: fields.coverLetter,
        status: 'pending',
        applied_at: appliedAt,
        status_changed_at: appliedAt,
        consent_at: consentVersion === null ? null : appliedAt,
        consent_version: consentVersion,
        source: fields.source ?? DIRECT_SOURCE,
        field_of_interest: fields.fieldOfInterest ?? null,
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
        text_state: readableResume(resume.kind) ? 'pending' : 'unsupported',
      })
      .execute();
    if (tokenHash) await insertApplicationToken(trx, Number(row.id), tokenHash, now);
    const applicant = toApplicant({
      ...row,
      resume_kind: resume.kind,
      resume_size: resume.data.byteLength,
      resume_text_state: readableResume(resume.kind) ? 'pending' : 'unsupported',
    });
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
      .set((eb) => ({
        status: move.to,
        status_changed_at: now.toISOString(),
        rejection_reason: move.to === 'rejected' ? (move.reason ?? null) : null,
        ...(SCREENING_OR_LATER.includes(move.to) && {
          reached_screening_at: eb.fn.coalesce('reached_screening_at', eb.val(now.toISOString())),
        }),
      }))
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

/** Whether a resume's text can be read: PDF and DOCX; no kept library reads Word 97-2003 (.doc). */
export const readableResume = (kind: ResumeKind): kind is 'pdf' | 'docx' => kind !== 'doc';

/**
 * Marks a pending resume as being read, right before its reader takes it: if the server stops
 * meanwhile, its next start finds it `reading` and never reads it again. False when it was not pending.
 */
export async function markResumeReading(db: Kysely<Database>, applicantId: number): Promise<boolean> {
  const result = await db
    .updateTable('resumes')
    .set({ text_state: 'reading' })
    .where('applicant_id', '=', applicantId)
    .where('text_state', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records a resume's text once read (`ready`), that it could not be (`missing`, text null), or that it waits again (`pending`). */
export async function setResumeText(
  db: Kysely<Database>,
  applicantId: number,
  result: { state: 'ready'; text: string } | { state: 'missing' | 'pending' },
): Promise<void> {
  await db
    .updateTable('resumes')
    .set({ text: result.state === 'ready' ? result.text : null, text_state: result.state })
    .where('applicant_id', '=', applicantId)
    .execute();
}

/**
 * At start: resumes a stopped run was reading are taken as unreadable (the file may be what
 * stopped it), so no file is read at every start; returns their applicants' ids.
 */
export async function abandonInterruptedReads(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .updateTable('resumes')
    .set({ text_state: 'missing', text: null })
    .where('text_state', '=', 'reading')
    .returning('applicant_id')
    .execute();
  return rows.map((r) => Number(r.applicant_id));
}

/** Resumes a stopping server was reading wait to be read again (a planned stop is no sign of a hostile file). */
export async function resumesPendingAgain(db: Kysely<Database>, applicantIds: number[]): Promise<void> {
  if (!applicantIds.length) return;
  await db
    .updateTable('resumes')
    .set({ text_state: 'pending' })
    .where('applicant_id', 'in', applicantIds)
    .where('text_state', '=', 'reading')
    .execute();
}

/** Resumes whose text was never read (the server stopped first, or they came before reading existed). */
export async function pendingResumeIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('resumes').select('applicant_id').where('text_state', '=', 'pending').execute();
  return rows.map((r) => Number(r.applicant_id));
}

/**
 * The other applications of the same person as `applicant`: the same normalised e-mail address,
 * or the same phone (db/phone-key.ts); newest first.
 */
export async function otherApplicationsOf(db: Kysely<Database>, id: number): Promise<OtherApplication[]> {
  const self = await db
    .selectFrom('applicants')
    .select(['email_key', 'phone_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!self) return [];
  const rows = await db
    .selectFrom('applicants')
    .select(['id', 'job_title', 'applied_at', 'status'])
    .where('id', '!=', id)
    .where((eb) =>
      self.phone_key === null
        ? eb('email_key', '=', self.email_key)
        : eb.or([eb('email_key', '=', self.email_key), eb('phone_key', '=', self.phone_key)]),
    )
    .orderBy('applied_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), jobTitle: r.job_title, appliedAt: r.applied_at, status: r.status }));
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
