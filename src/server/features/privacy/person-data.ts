import type { Kysely } from 'kysely';
import type { ResumeKind } from '~/lib/limits';
import { privacyMessages, type AuditAction, type AuditEntry } from '~/lib/privacy';
import type { RetentionDays } from '../../config';
import {
  recordErasure,
  applicantFields,
  applicationsOf,
  auditEntriesAbout,
  contactMessagesOf,
  erasePersonRecords,
  jobAlertsOf,
  normalizeEmail,
  notesOf,
  type Database,
  type DbKind,
} from '../../db';
import { eraseAt } from '../../services/retention-policy';
import { resumeFilename } from '../../services/resume-filename';
import { interviewsOf, scorecardsOf, scorecardVisibility } from '../interviews';

/** A resume as it goes into the export zip. */
export type ExportedResume = { path: string; data: Uint8Array };

/** An admin action on the person's records as the export tells it: when and what, by the team. */
type PersonAuditEntry = {
  at: string;
  /** Always "the hiring team": staff are not named to the data subject. */
  by: string;
  action: AuditAction;
  what: string;
  subjectType: AuditEntry['subjectType'];
  subjectId: number | null;
};

/** The export's form of an audit entry: the admin's id and e-mail are left out. */
const forDataSubject = (entry: AuditEntry): PersonAuditEntry => ({
  at: entry.at,
  by: privacyMessages.exportActor,
  action: entry.action,
  what: entry.summary,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId,
});

/** Everything stored about one e-mail address, as the export's `person.json` holds it. */
export type PersonData = {
  exportedAt: string;
  email: string;
  applications: {
    id: number;
    jobId: number;
    jobTitle: string;
    department: string;
    name: string;
    email: string;
    phone: string;
    linkedin: string | null;
    coverLetter: string;
    status: string;
    appliedAt: string;
    statusChangedAt: string;
    /** The job link's source they came through ('direct' without one). */
    source: string;
    /** Why the team did not take it forward (a key of the reasons list); null otherwise. */
    rejectionReason: string | null;
    /** A general application's field of interest; null for a vacancy. */
    fieldOfInterest: string | null;
    /** When retention erases it: its last status change plus the limit of its stage. */
    eraseAt: string;
    consent: { givenAt: string; noticeVersion: string } | null;
    resume: {
      file: string;
      kind: ResumeKind;
      mimeType: string;
      size: number;
      sha256: string;
      /** The text read from the file for the team's search (null when it could not be read). */
      extractedText: string | null;
    } | null;
    /** What the hiring team wrote about the application; `by` is always "the hiring team", as in the audit entries. */
    notes: { text: string; by: string; writtenAt: string }[];
    /** Interviews with the applicant: the panel is counted, not named. */
    interviews: {
      startsAt: string;
      durationMinutes: number;
      location: string;
      note: string | null;
      cancelledAt: string | null;
      interviewers: number;
      /** Scorecards left out because the admin who exported this still owes their own; 0 in a complete copy. */
      withheldScorecards: number;
      /** The interviewers' verdicts; `by` is always "the hiring team". */
      scorecards: {
        recommendation: string;
        ratings: Record<string, number>;
        notes: string;
        by: string;
        submittedAt: string;
      }[];
    }[];
  }[];
  contactMessages: { id: number; name: string; email: string; subject: string; message: string; receivedAt: string }[];
  /** Alerts for new vacancies the address subscribed to (department null: every vacancy). */
  jobAlerts: {
    department: string | null;
    subscribedAt: string;
    confirmedAt: string | null;
    expiresAt: string;
    /** When the reminder that the alerts end soon was sent; null before it. */
    remindedAt: string | null;
  }[];
  /** Admin actions on these records: what was viewed, downloaded, changed or exported, and when. */
  auditEntries: PersonAuditEntry[];
};

/**
 * Collects every application (with resume), contact message, job alert and audit entry of `email`.
 * With `readerId`, the admin exporting it reads the scorecards `scorecardVisibility` lets them.
 */
export async function collectPersonData(
  db: Kysely<Database>,
  email: string,
  days: RetentionDays,
  now: Date,
  readerId?: number,
): Promise<{ data: PersonData; resumes: ExportedResume[] }> {
  const key = normalizeEmail(email);
  const rows = await applicationsOf(db, key);
  const messages = await contactMessagesOf(db, key);
  const alerts = await jobAlertsOf(db, key);
  const resumes: ExportedResume[] = [];
  const notes = await notesOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  const interviews = await interviewsOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  const scorecards = await scorecardsOf(
    db,
    interviews.map((i) => i.id),
  );
  const visible = readerId === undefined ? () => true : scorecardVisibility(interviews, scorecards, readerId);
  const applications = rows.map((row) => {
    const file = row.resume ? `resumes/${row.id}-${resumeFilename(row.name, row.resume.kind).ascii}` : null;
    if (row.resume && file) resumes.push({ path: file, data: row.resume.data });
    const fields = applicantFields(row);
    return {
      ...fields,
      fieldOfInterest: fields.fieldOfInterest ?? null,
      eraseAt: eraseAt(fields, days),
      consent:
        row.consent_at && row.consent_version ? { givenAt: row.consent_at, noticeVersion: row.consent_version } : null,
      resume:
        row.resume && file
          ? {
              file,
              kind: row.resume.kind,
              mimeType: row.resume.mimeType,
              size: row.resume.size,
              sha256: row.resume.sha256,
              extractedText: row.resume.text,
            }
          : null,
      notes: notes
        .filter((n) => n.applicantId === fields.id)
        .map((n) => ({ text: n.text, by: privacyMessages.exportActor, writtenAt: n.at })),
      interviews: interviews
        .filter((i) => i.applicantId === fields.id)
        .map((i) => {
          const cards = scorecards.filter((card) => card.interviewId === i.id);
          return {
            startsAt: i.startsAt,
            durationMinutes: i.durationMinutes,
            location: i.location,
            note: i.note,
            cancelledAt: i.cancelledAt,
            interviewers: i.panel.length,
            withheldScorecards: cards.filter((card) => !visible(card)).length,
            scorecards: cards.filter(visible).map((card) => ({
              recommendation: card.recommendation,
              ratings: card.ratings,
              notes: card.notes,
              by: privacyMessages.exportActor,
              submittedAt: card.submittedAt,
            })),
          };
        }),
    };
  });
  const auditEntries = await auditEntriesAbout(db, [
    ...applications.map((a) => ({ type: 'applicant' as const, id: a.id })),
    ...messages.map((m) => ({ type: 'message' as const, id: m.id })),
  ]);
  return {
    data: {
      exportedAt: now.toISOString(),
      email: key,
      applications,
      contactMessages: messages.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        subject: m.subject,
        message: m.message,
        receivedAt: m.created_at,
      })),
      jobAlerts: alerts.map((a) => ({
        department: a.department,
        subscribedAt: a.created_at,
        confirmedAt: a.confirmed_at,
        expiresAt: a.expires_at,
        remindedAt: a.reminded_at,
      })),
      auditEntries: auditEntries.map(forDataSubject),
    },
    resumes,
  };
}

/**
 * Deletes every application, resume, contact message and job alert of `email`; returns how many records went.
 * The person goes on the erasure ledger first (with `now`), so a crash in between or a restored backup cannot
 * bring back what they had by then.
 */
export async function erasePerson(
  db: Kysely<Database>,
  kind: DbKind,
  email: string,
  ledger: string | null,
  now: Date,
): Promise<number> {
  const emailKey = normalizeEmail(email);
  await recordErasure({ db, kind, file: ledger }, emailKey, now);
  return erasePersonRecords(db, kind, emailKey);
}
