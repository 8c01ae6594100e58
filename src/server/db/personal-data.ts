import { sql, type Kysely } from 'kysely';
import type { ResumeKind } from '~/lib/limits';
import type { ApplicantRow, ContactMessageRow, Database, DbKind, JobAlertRow } from './schema';

/** A contact message's normalised e-mail address, as SQL: messages keep the address as typed. */
export const messageEmailKey = sql<string>`lower(trim(email))`;

export type ApplicationWithResume = ApplicantRow & {
  resume: {
    kind: ResumeKind;
    mimeType: string;
    size: number;
    sha256: string;
    data: Uint8Array;
    /** The text read from it, when it could be read. */
    text: string | null;
  } | null;
};

/** Every application stored under a normalised e-mail address, oldest first, with its resume. */
export async function applicationsOf(db: Kysely<Database>, emailKey: string): Promise<ApplicationWithResume[]> {
  const rows = await db
    .selectFrom('applicants')
    .leftJoin('resumes', 'resumes.applicant_id', 'applicants.id')
    .selectAll('applicants')
    .select([
      'resumes.kind as resume_kind',
      'resumes.mime_type as resume_mime_type',
      'resumes.size as resume_size',
      'resumes.sha256 as resume_sha256',
      'resumes.data as resume_data',
      'resumes.text as resume_text',
    ])
    .where('applicants.email_key', '=', emailKey)
    .orderBy('applicants.id')
    .execute();
  return rows.map(
    ({ resume_kind, resume_mime_type, resume_size, resume_sha256, resume_data, resume_text, ...row }) => ({
      ...row,
      id: Number(row.id),
      job_id: Number(row.job_id),
      resume:
        resume_kind && resume_data
          ? {
              kind: resume_kind,
              mimeType: resume_mime_type ?? '',
              size: Number(resume_size),
              sha256: resume_sha256 ?? '',
              data: resume_data,
              text: resume_text ?? null,
            }
          : null,
    }),
  );
}

/** Every contact message sent from a normalised e-mail address, oldest first. */
export async function contactMessagesOf(db: Kysely<Database>, emailKey: string): Promise<ContactMessageRow[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .selectAll()
    .where(messageEmailKey, '=', emailKey)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * Deletes every application (with its resume), contact message and job alert of a normalised e-mail
 * address in one transaction; returns how many records went (applications, messages and alerts). Mails in the
 * outbox to, from or about the person go too: they repeat the same personal data. On SQLite the
 * write-ahead log is then emptied into the file, whose secure delete has zeroed the freed bytes.
 * With `upTo` (an ISO time), only records that were there by then go: what came after is not erased.
 */
export async function erasePersonRecords(
  db: Kysely<Database>,
  kind: DbKind,
  emailKey: string,
  upTo?: string,
): Promise<number> {
  const erased = await db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('applicants')
        .select('id')
        .where('email_key', '=', emailKey)
        .$if(upTo !== undefined, (q) => q.where('applied_at', '<=', upTo!))
        .execute()
    ).map((r) => Number(r.id));
    let applications = 0;
    if (ids.length) {
      await trx.deleteFrom('resumes').where('applicant_id', 'in', ids).execute();
      applications = Number(
        (await trx.deleteFrom('applicants').where('id', 'in', ids).executeTakeFirst()).numDeletedRows,
      );
    }
    const messages = Number(
      (
        await trx
          .deleteFrom('contact_messages')
          .where(messageEmailKey, '=', emailKey)
          .$if(upTo !== undefined, (q) => q.where('created_at', '<=', upTo!))
          .executeTakeFirst()
      ).numDeletedRows,
    );
    const alerts = Number(
      (
        await trx
          .deleteFrom('job_alerts')
          .where('email_key', '=', emailKey)
          .$if(upTo !== undefined, (q) => q.where('created_at', '<=', upTo!))
          .executeTakeFirst()
      ).numDeletedRows,
    );
    // Exact matches only: a mail about, to or from the person (never one that merely contains the text).
    await trx
      .deleteFrom('outbox')
      .$if(upTo !== undefined, (q) => q.where('created_at', '<=', upTo!))
      .where((eb) =>
        eb.or([
          eb('subject_key', '=', emailKey),
          eb(eb.fn('lower', ['recipient']), '=', emailKey),
          eb(eb.fn('lower', ['reply_to']), '=', emailKey),
        ]),
      )
      .execute();
    return applications + messages + alerts;
  });
  if (kind === 'sqlite') await emptyWriteAheadLog(db);
  return erased;
}

/**
 * Copies SQLite's write-ahead log into the database file and truncates it to nothing, so no
 * earlier page image (the person's rows before the erasure) stays in it. Should a reader keep it
 * busy past the busy timeout, the checkpoint thread truncates it once that reader is done.
 */
async function emptyWriteAheadLog(db: Kysely<Database>): Promise<void> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** The normalised e-mail address of an applicant, or null. */
export async function applicantEmailKey(db: Kysely<Database>, id: number): Promise<string | null> {
  const row = await db.selectFrom('applicants').select('email_key').where('id', '=', id).executeTakeFirst();
  return row?.email_key ?? null;
}

/** The consent recorded with one application, or null (applications sent before consent existed). */
export async function applicantConsent(
  db: Kysely<Database>,
  id: number,
): Promise<{ givenAt: string; noticeVersion: string } | null> {
  const row = await db
    .selectFrom('applicants')
    .select(['consent_at', 'consent_version'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.consent_at && row.consent_version
    ? { givenAt: row.consent_at, noticeVersion: row.consent_version }
    : null;
}

/** Every alert of a normalised e-mail address, oldest first (for the person's export). */
export async function jobAlertsOf(db: Kysely<Database>, emailKey: string): Promise<JobAlertRow[]> {
  const rows = await db.selectFrom('job_alerts').selectAll().where('email_key', '=', emailKey).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
