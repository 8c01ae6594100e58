import type { Kysely } from 'kysely';
import type { ApplicantHistory, TimelineEvent } from '~/lib/notes';
import { REJECTION_REASONS, type Applicant } from '~/lib/schemas/applicant';
import { mailsTo, notesOf, otherApplicationsOf, statusChangesOf, type Database } from '../db';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * An application's notes and timeline for the admin `viewerId`: applied, status changes and
 * interview events (who, when, from the audit trail), mails queued to the applicant since, and notes,
 * oldest first; and the same person's other applications (same e-mail address or phone). The
 * reason of a rejection comes from the application itself and is told with the move that made it.
 */
export async function applicantHistory(
  db: Kysely<Database>,
  applicant: Pick<Applicant, 'id' | 'email' | 'appliedAt' | 'status' | 'rejectionReason'>,
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
    author: n.authorName ?? n.author,
    at: n.at,
    mine: n.adminId === viewerId,
  }));
  // The newest move brought the applicant to where they are: a rejection's, when they are rejected.
  const rejection =
    applicant.status === 'rejected' && applicant.rejectionReason ? changes.findLast((s) => !s.interview) : undefined;
  const reason = applicant.rejectionReason ? ` (reason: ${REJECTION_REASONS[applicant.rejectionReason]})` : '';
  const timeline: TimelineEvent[] = [
    { kind: 'applied', at: applicant.appliedAt, by: null, text: 'Applied' },
    ...changes.map((s) => ({
      kind: s.interview ? ('interview' as const) : ('status' as const),
      at: s.at,
      by: s.byName ?? s.by,
      text: capitalize(s.summary) + (s === rejection ? reason : ''),
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
