import type { Kysely } from 'kysely';
import { APPLICANT_STATUSES, RETENTION_CLASS, type ApplicantRetention } from '~/lib/schemas/applicant';
import { removeExpiredLinks } from './outbox';
import type { Database } from './schema';

/** ISO timestamps: rows last changed before these are past their retention limit. */
export type ExpiryCutoffs = {
  /** Applicants whose last status change is before the cutoff of their stage's limit. */
  applicantsBefore: Record<ApplicantRetention, string>;
  messagesBefore: string;
  auditBefore: string;
  mailsBefore: string;
  /** YYYY-MM-DD: view counts of days before it go. */
  viewsBefore: string;
};

/** What one purge erased (or, in a dry run, would erase), by kind. */
export type PurgeCounts = {
  applicants: number;
  resumes: number;
  messages: number;
  auditEntries: number;
  mails: number;
  /** Rows of job view counts (one per job, day and source). */
  views: number;
  /** Mails kept whose body lost its expired single-use link. */
  mailLinks: number;
  /** Job alerts past their expiry: unconfirmed after a week, or a year without a renewal. */
  jobAlerts: number;
};

/** The statuses whose applicants are kept `kind`'s number of days. */
const statusesKept = (kind: ApplicantRetention) => APPLICANT_STATUSES.filter((s) => RETENTION_CLASS[s] === kind);

const count = (n: number | string | bigint | undefined) => Number(n ?? 0);

/**
 * Deletes (or with `dryRun` only counts) applicants whose last status change is before the cutoff
 * of their stage, with their resumes, and contact messages, audit entries and outbox mails
 * (sent or not: they repeat the data they report) and job view counts before theirs; then removes
 * from the mails left every single-use link expired at `now`, and deletes job alerts past their expiry.
 * Call it inside a transaction.
 */
export async function deleteExpired(
  db: Kysely<Database>,
  cutoffs: ExpiryCutoffs,
  now: Date,
  dryRun: boolean,
): Promise<PurgeCounts> {
  const expired = (
    await db
      .selectFrom('applicants')
      .select('id')
      .where((eb) =>
        eb.or(
          Object.entries(cutoffs.applicantsBefore).map(([kind, before]) =>
            eb.and([
              eb('status', 'in', statusesKept(kind as ApplicantRetention)),
              eb(eb.fn.coalesce('status_changed_at', 'applied_at'), '<', before),
            ]),
          ),
        ),
      )
      .execute()
  ).map((r) => Number(r.id));

  if (dryRun) {
    const resumes = expired.length
      ? await db
          .selectFrom('resumes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('applicant_id', 'in', expired)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    const messages = await db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '<', cutoffs.messagesBefore)
      .executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('at', '<', cutoffs.auditBefore)
      .executeTakeFirstOrThrow();
    const mails = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('created_at', '<', cutoffs.mailsBefore)
      .executeTakeFirstOrThrow();
    const views = await db
      .selectFrom('job_views')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('day', '<', cutoffs.viewsBefore)
      .executeTakeFirstOrThrow();
    return {
      applicants: expired.length,
      resumes: count(resumes.n),
      messages: count(messages.n),
      auditEntries: count(entries.n),
      mails: count(mails.n),
      views: count(views.n),
      mailLinks: await removeExpiredLinks(db, now, cutoffs.mailsBefore, true),
      jobAlerts: await deleteExpiredJobAlerts(db, now, true),
    };
  }

  let resumes = 0;
  let applicants = 0;
  if (expired.length) {
    resumes = count(
      (await db.deleteFrom('resumes').where('applicant_id', 'in', expired).executeTakeFirst()).numDeletedRows,
    );
    applicants = count(
      (await db.deleteFrom('applicants').where('id', 'in', expired).executeTakeFirst()).numDeletedRows,
    );
  }
  const messages = count(
    (await db.deleteFrom('contact_messages').where('created_at', '<', cutoffs.messagesBefore).executeTakeFirst())
      .numDeletedRows,
  );
  const auditEntries = count(
    (await db.deleteFrom('audit_log').where('at', '<', cutoffs.auditBefore).executeTakeFirst()).numDeletedRows,
  );
  const mails = count(
    (await db.deleteFrom('outbox').where('created_at', '<', cutoffs.mailsBefore).executeTakeFirst()).numDeletedRows,
  );
  const views = count(
    (await db.deleteFrom('job_views').where('day', '<', cutoffs.viewsBefore).executeTakeFirst()).numDeletedRows,
  );
  const mailLinks = await removeExpiredLinks(db, now, cutoffs.mailsBefore, false);
  const jobAlerts = await deleteExpiredJobAlerts(db, now, false);
  return { applicants, resumes, messages, auditEntries, mails, views, mailLinks, jobAlerts };
}

/** Deletes alerts past their expiry (never confirmed within the week, or not renewed within the year); returns how many. */
async function deleteExpiredJobAlerts(db: Kysely<Database>, now: Date, dryRun: boolean): Promise<number> {
  if (dryRun) {
    const row = await db
      .selectFrom('job_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const result = await db.deleteFrom('job_alerts').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
