import type { Kysely } from 'kysely';
import type { ApplicationFields } from '~/lib/schemas/application';
import type { Job } from '~/lib/schemas/job';
import type { Database, StoredResume } from '~/server/db';
import { storeApplicant, type ApplicationMails } from '~/server/features/apply';

/**
 * Stores an applicant straight into a test's database, past the HTTP apply route, through the
 * apply feature's own service (the same transaction an application takes).
 */
export function insertApplicantWithResume(
  db: Kysely<Database>,
  job: Pick<Job, 'id' | 'title' | 'department'>,
  fields: ApplicationFields & { source?: string; fieldOfInterest?: string | null },
  resume: StoredResume,
  now = new Date(),
  consentVersion: string | null = null,
  mails?: ApplicationMails,
) {
  return storeApplicant(db, { job, fields, resume, consentVersion }, mails ? { now, mails } : { now });
}
