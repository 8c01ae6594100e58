import type { Kysely } from 'kysely';
import type { ApplicantHistory, TimelineEvent } from '~/lib/notes';
import type { Applicant } from '~/lib/schemas/applicant';
import { mailsTo, notesOf, otherApplicationsOf, statusChangesOf, type Database } from '../db';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An application's notes and timeline for the admin `viewerId`: applied, status changes and
 * interview events (who, when, from the audit trail), mails queued to the applicant since, and notes,
 * oldest first; and the same person's other applications (same e-mail address or phone).
 */
export async function applicantHistory(
  db: Kysely<Database>,
  applicant: Pick<Applicant, 'id' | 'email' | 'appliedAt'>,
  viewerId: number,
): Promise<ApplicantHistory> {
  const [noteRows, changes, mails, otherApplications] = await Promise.all([
    notesOf(db, [applicant.id]),
    statusChangesOf(db, applicant.id),
    mailsTo(db, applicant.email, applicant.appliedAt),
    otherApplicationsOf(db, applicant.id),
  ]);
  const notes = noteRows.map((n) => ({
    id: n.id,
    text: n.text,
    author: n.author,
    at: n.at,
    mine: n.adminId === viewerId,
  }));
  const timeline: TimelineEvent[] = [
    { kind: 'applied', at: applicant.appliedAt, by: null, text: 'Applied' },
    ...changes.map((s) => ({
      kind: s.interview ? ('interview' as const) : ('status' as const),
      at: s.at,
      by: s.by,
      text: capitalize(s.summary),
    })),
    ...mails.map((m) => ({
      kind: 'mail' as const,
      at: m.at,
      by: null,
      text: `Mail ${m.status === 'sent' ? 'sent' : m.status === 'failed' ? 'failed' : 'queued'}: ${m.subject}`,
    })),
    ...notes.map((n) => ({ kind: 'note' as const, at: n.at, by: n.author, text: n.text, noteId: n.id })),
  ];
  // Stable: events of the same instant keep the order above (applied, status, mail, note).
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { notes, timeline, otherApplications };
}
