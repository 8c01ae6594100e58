import type { Kysely } from 'kysely';
import type { Recommendation } from '~/lib/interviews';
import type { ResumeKind } from '~/lib/limits';
import type { OtherApplication } from '~/lib/notes';
import type { Applicant, ResumeTextState } from '~/lib/schemas/applicant';
import { isDbId } from './ids';
import type { ApplicantRow, Database } from './schema';

export type ApplicantWithResume = ApplicantRow & {
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

/** An applicant's row, joined with its resume's kind, size and text state, as the API names it. */
export function toApplicant(row: ApplicantWithResume): Applicant {
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

/**
 * The applicants with, for the list, their last activity and a tally of the scorecards `readerId` may
 * read: one grouped subquery each, joined, so a list of thousands costs no query per applicant.
 */
function selectListed(db: Kysely<Database>, readerId: number) {
  return selectApplicants(db)
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('applicant_notes')
          .select((n) => ['applicant_notes.applicant_id', n.fn.max('applicant_notes.created_at').as('at')])
          .groupBy('applicant_notes.applicant_id')
          .as('last_note'),
      (join) => join.onRef('last_note.applicant_id', '=', 'applicants.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('interviews')
          .select((i) => ['interviews.applicant_id', i.fn.max('interviews.updated_at').as('at')])
          .groupBy('interviews.applicant_id')
          .as('last_interview'),
      (join) => join.onRef('last_interview.applicant_id', '=', 'applicants.id'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('scorecards')
          .innerJoin('interviews', 'interviews.id', 'scorecards.interview_id')
          .select((s) => {
            const count = (r: Recommendation) =>
              s.fn.sum<number | string>(s.case().when('scorecards.recommendation', '=', r).then(1).else(0).end());
            return [
              'interviews.applicant_id',
              count('strong_no').as('strong_no'),
              count('no').as('no'),
              count('yes').as('yes'),
              count('strong_yes').as('strong_yes'),
            ];
          })
          // The interviews feature's scorecardVisibility, in SQL: one who was ever on the panel of an
          // interview of this applicant, not cancelled, without their card for it, counts only their own.
          .where((s) =>
            s.or([
              s('scorecards.admin_id', '=', readerId),
              s.not(
                s.exists(
                  s
                    .selectFrom('interviews as owed')
                    .innerJoin('interview_panel_history as ever', 'ever.interview_id', 'owed.id')
                    .select('owed.id')
                    .whereRef('owed.applicant_id', '=', 'interviews.applicant_id')
                    .where('ever.admin_id', '=', readerId)
                    .where('owed.cancelled_at', 'is', null)
                    .where((o) =>
                      o.not(
                        o.exists(
                          o
                            .selectFrom('scorecards as own')
                            .select('own.id')
                            .whereRef('own.interview_id', '=', 'owed.id')
                            .where('own.admin_id', '=', readerId),
                        ),
                      ),
                    ),
                ),
              ),
            ]),
          )
          .groupBy('interviews.applicant_id')
          .as('tally'),
      (join) => join.onRef('tally.applicant_id', '=', 'applicants.id'),
    )
    .select([
      'last_note.at as last_note_at',
      'last_interview.at as last_interview_at',
      'tally.strong_no',
      'tally.no',
      'tally.yes',
      'tally.strong_yes',
    ]);
}

type ListedRow = ApplicantWithResume & {
  last_note_at: string | null;
  last_interview_at: string | null;
} & Record<Recommendation, number | string | null>;

/** A listed row as the API names it, with its last activity and scorecard tally. */
function toListedApplicant(row: ListedRow): Applicant {
  const applicant = toApplicant(row);
  // Last activity: the latest of applying, the last stage change, note and interview change; mails are filed by person, not application.
  const times = [applicant.statusChangedAt, row.last_note_at, row.last_interview_at].filter((t) => t !== null);
  return {
    ...applicant,
    lastActivityAt: times.reduce((latest, t) => (t > latest ? t : latest), applicant.appliedAt),
    scorecards: {
      strong_no: Number(row.strong_no ?? 0),
      no: Number(row.no ?? 0),
      yes: Number(row.yes ?? 0),
      strong_yes: Number(row.strong_yes ?? 0),
    },
  };
}

/**
 * Every applicant, newest first, without resume bytes. With `readerId` (the list's reader), each with
 * its last activity and the tally of the scorecards that reader may read.
 */
export async function listApplicants(db: Kysely<Database>, readerId?: number): Promise<Applicant[]> {
  if (readerId === undefined) {
    const rows = await selectApplicants(db)
      .orderBy('applicants.applied_at', 'desc')
      .orderBy('applicants.id', 'desc')
      .execute();
    return rows.map(toApplicant);
  }
  const rows = await selectListed(db, readerId)
    .orderBy('applicants.applied_at', 'desc')
    .orderBy('applicants.id', 'desc')
    .execute();
  return rows.map(toListedApplicant);
}

/** The applicants with these ids, in no particular order; with `readerId`, as `listApplicants` lists them. */
export async function getApplicantsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
  readerId?: number,
): Promise<Applicant[]> {
  if (!ids.length) return [];
  if (readerId === undefined)
    return (await selectApplicants(db).where('applicants.id', 'in', ids).execute()).map(toApplicant);
  return (await selectListed(db, readerId).where('applicants.id', 'in', ids).execute()).map(toListedApplicant);
}

export async function getApplicantById(db: Kysely<Database>, id: number): Promise<Applicant | null> {
  if (!isDbId(id)) return null;
  const row = await selectApplicants(db).where('applicants.id', '=', id).executeTakeFirst();
  return row ? toApplicant(row) : null;
}

export type StoredResume = { kind: ResumeKind; mimeType: string; data: Uint8Array; sha256: string };

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
