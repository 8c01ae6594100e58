import type { Kysely } from 'kysely';
import type { Applicant } from '~/lib/schemas/applicant';
import type { ApplicationFields } from '~/lib/schemas/application';
import type { Job } from '~/lib/schemas/job';
import { DIRECT_SOURCE } from '~/lib/sources';
import { normalizeEmail, phoneKey, readableResume, toApplicant, type Database, type StoredResume } from '../../db';

/** An application as it is stored: the job's snapshot, what the applicant sent and the privacy notice they agreed to. */
export type NewApplicant = {
  job: Pick<Job, 'id' | 'title' | 'department'>;
  fields: ApplicationFields & { source?: string; fieldOfInterest?: string | null };
  resume: StoredResume;
  /** The privacy notice's version, recorded with the application's time; null when none was asked. */
  consentVersion: string | null;
};

/**
 * Stores the applicant (pending, with the job snapshot) and the resume; run it in a transaction so
 * neither exists without the other. A duplicate (job, email) throws the database's unique-violation
 * error (see isUniqueViolation). `fields.source` is already checked ('direct' when left out).
 */
export async function insertApplicant(db: Kysely<Database>, application: NewApplicant, now: Date): Promise<Applicant> {
  const { job, fields, resume, consentVersion } = application;
  const appliedAt = now.toISOString();
  const row = await db
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
  const textState = readableResume(resume.kind) ? 'pending' : 'unsupported';
  await db
    .insertInto('resumes')
    .values({
      applicant_id: row.id,
      kind: resume.kind,
      mime_type: resume.mimeType,
      size: resume.data.byteLength,
      sha256: resume.sha256,
      data: resume.data,
      text_state: textState,
    })
    .execute();
  return toApplicant({
    ...row,
    resume_kind: resume.kind,
    resume_size: resume.data.byteLength,
    resume_text_state: textState,
  });
}
