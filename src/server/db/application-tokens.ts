import type { Kysely } from 'kysely';
import type { ApplicantStatus } from '~/lib/schemas/applicant';
import { enqueueMails, type NewMail } from './outbox';
import type { ApplicantRow, Database } from './schema';

/** What the private application page reads about the application its token opens. */
export type TokenApplication = {
  id: number;
  jobId: number;
  jobTitle: string;
  email: string;
  name: string;
  status: ApplicantStatus;
  appliedAt: string;
  statusChangedAt: string;
};

type ApplicationRow = Pick<
  ApplicantRow,
  'id' | 'job_id' | 'job_title' | 'email' | 'name' | 'status' | 'applied_at' | 'status_changed_at'
>;

const toTokenApplication = (row: ApplicationRow): TokenApplication => ({
  id: Number(row.id),
  jobId: Number(row.job_id),
  jobTitle: row.job_title,
  email: row.email,
  name: row.name,
  status: row.status,
  appliedAt: row.applied_at,
  statusChangedAt: row.status_changed_at ?? row.applied_at,
});

/** Stores the hash of one more token for an applicant; earlier tokens keep working. */
export async function insertApplicationToken(
  db: Kysely<Database>,
  applicantId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('application_tokens')
    .values({ token_hash: tokenHash, applicant_id: applicantId, created_at: now.toISOString() })
    .execute();
}

/**
 * The application a token hash opens, or null. One indexed lookup whether or not it exists, so an
 * unknown token and an erased one take the same path and the same time.
 */
export async function findApplicationByToken(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<TokenApplication | null> {
  const row = await db
    .selectFrom('application_tokens')
    .innerJoin('applicants', 'applicants.id', 'application_tokens.applicant_id')
    .select([
      'applicants.id',
      'applicants.job_id',
      'applicants.job_title',
      'applicants.email',
      'applicants.name',
      'applicants.status',
      'applicants.applied_at',
      'applicants.status_changed_at',
    ])
    .where('application_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toTokenApplication(row) : null;
}

/** Every application of a normalised e-mail address, oldest first, for mailing their links. */
export async function applicationsForLinks(db: Kysely<Database>, emailKey: string): Promise<TokenApplication[]> {
  const rows = await db
    .selectFrom('applicants')
    .select(['id', 'job_id', 'job_title', 'email', 'name', 'status', 'applied_at', 'status_changed_at'])
    .where('email_key', '=', emailKey)
    .orderBy('id')
    .execute();
  return rows.map(toTokenApplication);
}

/** Stores new tokens (applicant id → hash) and queues the mail carrying their links, in one transaction. */
export async function issueApplicationLinks(
  db: Kysely<Database>,
  tokens: readonly { applicantId: number; tokenHash: string }[],
  mail: NewMail,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { applicantId, tokenHash } of tokens) await insertApplicationToken(trx, applicantId, tokenHash, now);
    await enqueueMails(trx, [mail], now);
  });
}
