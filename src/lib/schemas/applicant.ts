/** An applicant's statuses, the status table and the texts; without zod, so the careers board loads none. */
import { SEARCH_QUERY_MAX } from '../limits';

/** Applicant status; new applications are pending. */
export const APPLICANT_STATUSES = ['pending', 'shortlisted', 'rejected'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
export type { Applicant } from './applicant-api';

/**
 * The status table, and nothing else: no direct change between shortlisted and
 * rejected. `successMessage` is the toast for the change.
 */
export const STATUS_TRANSITIONS = [
  { from: 'pending', action: 'Shortlist', to: 'shortlisted', successMessage: 'Applicant shortlisted successfully!' },
  { from: 'pending', action: 'Reject', to: 'rejected', successMessage: 'Applicant rejected successfully!' },
  {
    from: 'shortlisted',
    action: 'Undo Shortlist',
    to: 'pending',
    successMessage: 'Applicant reverted to pending successfully!',
  },
  {
    from: 'rejected',
    action: 'Undo Rejection',
    to: 'pending',
    successMessage: 'Applicant reverted to pending successfully!',
  },
] as const satisfies readonly {
  from: ApplicantStatus;
  action: string;
  to: ApplicantStatus;
  successMessage: string;
}[];

export type StatusTransition = (typeof STATUS_TRANSITIONS)[number];

/** The actions offered for an applicant in `status`. */
export function transitionsFrom(status: ApplicantStatus): StatusTransition[] {
  return STATUS_TRANSITIONS.filter((t) => t.from === status);
}

/** The transition from `from` to `to` that the status table allows, or undefined. */
export function findTransition(from: ApplicantStatus, to: ApplicantStatus): StatusTransition | undefined {
  return STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** A change to these statuses can be mailed to the applicant ('Notify the applicant'). */
export const NOTIFIABLE_STATUSES: readonly ApplicantStatus[] = ['shortlisted', 'rejected'];

/** True when the status table allows changing `from` to `to`. */
export function canTransition(from: ApplicantStatus, to: ApplicantStatus): boolean {
  return findTransition(from, to) !== undefined;
}

/**
 * Whether a resume's text was read: `pending` until its reader finishes (seconds after applying),
 * `ready`, `missing` when the file could not be read (damaged, hostile, too slow), `unsupported`
 * for Word 97-2003 files, which no kept library reads.
 */
export const RESUME_TEXT_STATES = ['pending', 'ready', 'missing', 'unsupported'] as const;
export type ResumeTextState = (typeof RESUME_TEXT_STATES)[number];

export const applicantMessages = {
  notFound: 'Applicant not found',
  resumeNotFound: 'Resume not found',
  /** The resume preview, by the state of its text (the file itself is always stored and downloadable). */
  resumeTextPending: 'The resume is still being read; its preview and search follow in a few seconds.',
  resumeTextMissing: 'Text could not be read from this resume. Download it to open it in its own application.',
  resumeTextUnsupported:
    'Word 97-2003 (.doc) resumes are not previewed or searched. Download it to open it in its own application.',
  badSearch: 'The search could not be read',
  searchTooLong: `Search must not exceed ${SEARCH_QUERY_MAX} characters`,
  /** What the admin search box looks through: its label, and the placeholder that shows it on screen. */
  searchLabel: 'Search applicants by name, e-mail, job title, cover letter and resume text',
  searchPlaceholder: 'Name, e-mail, job, cover letter, resume',
  resumePreviewFailed: 'The preview could not be shown. Download the resume to open it.',
  transitionNotAllowed: (from: ApplicantStatus, to: ApplicantStatus) => `Cannot change status from ${from} to ${to}`,
  deleted: 'Applicant deleted successfully',
  submitted: 'Application submitted successfully! We will review your application and get back to you soon.',
  /** What happens after applying, as the receipt mail says it (the careers board's confirmation). */
  nextSteps:
    'A member of the team reads every application. If your experience matches the role, we will write to you to arrange a first conversation; either way, we will let you know the outcome.',
  changedMeanwhile: 'The applicant was changed meanwhile; reload and try again',
  /** The admin area's warning while the disk guard refuses applications. */
  storageLow: (freeMb: number, minMb: number) =>
    `Storage is almost full (${freeMb} MB free, ${minMb} MB needed): new applications are refused until space is freed.`,
} as const;

/** `GET /api/applicants/intake`: whether applications are being accepted, and the disk figures behind it. */
export type IntakeStatus = { accepting: boolean; freeMb: number | null; minFreeMb: number };
