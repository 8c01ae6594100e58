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

/** Stores the hash of one more token for an applicant, unused until now. */
export async function insertApplicationToken(
  db: Kysely<Database>,
  applicantId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('application_tokens')
    .values({ token_hash: tokenHash, applicant_id: applicantId, created_at: at, last_used_at: at })
    .execute();
}

/**
 * The application a token hash opens, or null: unknown, erased and idle since `usedSince` alike.
 * One indexed lookup whether or not it exists, so they all take the same path and the same time.
 * A token that opens its application counts as used `now`.
 */
export async function findApplicationByToken(
  db: Kysely<Database>,
  tokenHash: string,
  usedSince: string,
  now: Date,
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
    .where('application_tokens.last_used_at', '>', usedSince)
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('application_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
  return toTokenApplication(row);
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

/**
 * Replaces every token of the applications with one new token each (the older links stop working)
 * and queues the mail carrying the new links, in one transaction.
 */
export async function replaceApplicationLinks(
  db: Kysely<Database>,
  tokens: readonly { applicantId: number; tokenHash: string }[],
  mail: NewMail,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('application_tokens')
      .where(
        'applicant_id',
        'in',
        tokens.map((t) => t.applicantId),
      )
      .execute();
    for (const { applicantId, tokenHash } of tokens) await insertApplicationToken(trx, applicantId, tokenHash, now);
    await enqueueMails(trx, [mail], now);
  });
}
