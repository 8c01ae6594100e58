import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** `author` is the e-mail the note was written under; `authorName` the name the member goes by now, if any. */
export type NoteRow = {
  id: number;
  text: string;
  adminId: number | null;
  author: string | null;
  authorName: string | null;
  at: string;
};

export async function insertNote(
  db: Kysely<Database>,
  note: { applicantId: number; adminId: number; author: string; text: string },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('applicant_notes')
    .values({
      applicant_id: note.applicantId,
      admin_id: note.adminId,
      author_email: note.author,
      text: note.text,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Deletes a note only when `adminId` wrote it. */
export async function deleteOwnNote(
  db: Kysely<Database>,
  applicantId: number,
  noteId: number,
  adminId: number,
): Promise<'deleted' | 'not_found' | 'not_author'> {
  const note = await db
    .selectFrom('applicant_notes')
    .select('admin_id')
    .where('id', '=', noteId)
    .where('applicant_id', '=', applicantId)
    .executeTakeFirst();
  if (!note) return 'not_found';
  if (Number(note.admin_id) !== adminId) return 'not_author';
  await db.deleteFrom('applicant_notes').where('id', '=', noteId).where('admin_id', '=', adminId).execute();
  return 'deleted';
}

/** The notes on some applicants, oldest first. */
export async function notesOf(
  db: Kysely<Database>,
  applicantIds: readonly number[],
): Promise<(NoteRow & { applicantId: number })[]> {
  if (!applicantIds.length) return [];
  const rows = await db
    .selectFrom('applicant_notes')
    .leftJoin('admins', 'admins.id', 'applicant_notes.admin_id')
    .select(['applicant_notes.id', 'applicant_id', 'admin_id', 'author_email', 'text', 'applicant_notes.created_at'])
    .select('admins.display_name')
    .where('applicant_id', 'in', applicantIds)
    .orderBy('applicant_notes.created_at')
    .orderBy('applicant_notes.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    applicantId: Number(r.applicant_id),
    adminId: r.admin_id === null ? null : Number(r.admin_id),
    author: r.author_email,
    authorName: r.display_name,
    text: r.text,
    at: r.created_at,
  }));
}

/** Status changes and interview events of an applicant from the audit trail: what, who and when. */
export async function statusChangesOf(
  db: Kysely<Database>,
  applicantId: number,
): Promise<{ at: string; by: string | null; byName: string | null; summary: string; interview: boolean }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .leftJoin('admins', 'admins.id', 'audit_log.admin_id')
    .select(['at', 'admin_email', 'summary', 'action', 'admins.display_name'])
    .where('subject_type', '=', 'applicant')
    .where('subject_id', '=', applicantId)
    .where('action', 'in', [
      'applicant.status_changed',
      'applicant.status_change_undone',
      'interview.scheduled',
      'interview.rescheduled',
      'interview.cancelled',
      'scorecard.submitted',
    ])
    .orderBy('at')
    .orderBy('audit_log.id')
    .execute();
  return rows.map((r) => ({
    at: r.at,
    by: r.admin_email,
    byName: r.display_name,
    summary: r.summary,
    interview: r.action !== 'applicant.status_changed' && r.action !== 'applicant.status_change_undone',
  }));
}

/** Mails queued to an address since a time (an application's receipt, status and template mails). */
export async function mailsTo(
  db: Kysely<Database>,
  email: string,
  since: string,
): Promise<{ at: string; subject: string; status: string }[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['created_at', 'sent_at', 'subject', 'status'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.trim().toLowerCase()))
    .where('kind', 'in', [
      'application_received',
      'status_changed',
      'applicant_message',
      'interview_invitation',
      'interview_cancelled',
      'interview_slots',
    ])
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ at: r.sent_at ?? r.created_at, subject: r.subject, status: r.status }));
}
