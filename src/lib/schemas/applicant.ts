/** An applicant's stages, the rule for moving between them and the texts; without zod, so the careers board loads none. */
import { BULK_MAX, SEARCH_QUERY_MAX } from '../limits';

/** Applicant status (the hiring stage), in pipeline order; new applications are pending. */
export const APPLICANT_STATUSES = [
  'pending',
  'shortlisted',
  'interview',
  'offer',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];
export type { Applicant } from './applicant-api';

/** What every screen calls each stage: the spec's words for its three, new words only for the stages it lacks. */
export const STAGE_LABELS: Record<ApplicantStatus, string> = {
  pending: 'Pending',
  shortlisted: 'Shortlisted',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** Screening and the stages after it: an applicant moved to one of them has reached screening (the Sources report). */
export const SCREENING_OR_LATER: readonly ApplicantStatus[] = ['shortlisted', 'interview', 'offer', 'hired'];

/** Set only by the applicant, from their own page; an applicant who withdrew stays withdrawn. */
export const APPLICANT_ONLY_STATUS = 'withdrawn' satisfies ApplicantStatus;

/** The stages the hiring team can move an applicant to: every one but withdrawn. */
export const ADMIN_STAGES = APPLICANT_STATUSES.filter(
  (s): s is Exclude<ApplicantStatus, typeof APPLICANT_ONLY_STATUS> => s !== APPLICANT_ONLY_STATUS,
);

/** Why the hiring team rejected an applicant: kept with the application and shown in its timeline, never mailed. */
export const REJECTION_REASONS = {
  experience: 'Not enough relevant experience',
  skills: 'Skills do not match the role',
  closer_fit: 'Another candidate was a closer fit',
  position_filled: 'The position has been filled',
  location: 'Location or right to work',
  compensation: 'Salary expectations too far apart',
  unresponsive: 'No reply from the applicant',
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;
export const REJECTION_REASON_KEYS = Object.keys(REJECTION_REASONS) as [RejectionReason, ...RejectionReason[]];

/** Why the hiring team cannot move an applicant from `from` to `to`, or null when they can. */
export function moveRefusal(from: ApplicantStatus, to: ApplicantStatus): string | null {
  if (from === APPLICANT_ONLY_STATUS) return applicantMessages.withdrawnIsFinal;
  if (to === APPLICANT_ONLY_STATUS) return applicantMessages.onlyApplicantWithdraws;
  if (from === to) return applicantMessages.alreadyIn(to);
  return null;
}

/** Why the hiring team may not mail an applicant at `status`, or null: one who withdrew gets no more mail. */
export function mailRefusal(status: ApplicantStatus): string | null {
  return status === APPLICANT_ONLY_STATUS ? bulkMessages.noMailAfterWithdrawal : null;
}

/** True when the hiring team can move an applicant from `from` to `to`: any stage to any other, never from or to withdrawn. */
export function canTransition(from: ApplicantStatus, to: ApplicantStatus): boolean {
  return moveRefusal(from, to) === null;
}

/** Which retention limit (RETENTION_DEFAULT_DAYS, RETENTION_DAYS_*) applies in each stage. */
export const RETENTION_CLASS = {
  pending: 'pending',
  shortlisted: 'inProcess',
  interview: 'inProcess',
  offer: 'inProcess',
  hired: 'hired',
  rejected: 'rejected',
  withdrawn: 'withdrawn',
} as const satisfies Record<ApplicantStatus, string>;
export type ApplicantRetention = (typeof RETENTION_CLASS)[ApplicantStatus];

/** A change to these statuses can be mailed to the applicant with the built-in status mail ('Notify the applicant'). */
export const NOTIFIABLE_STATUSES: readonly ApplicantStatus[] = ['shortlisted', 'rejected'];

/**
 * Whether a resume's text was read: `pending` until its reader takes it, `reading` while it reads
 * (seconds after applying), `ready`, `missing` when the file could not be read (damaged, hostile,
 * too slow, or the server stopped while reading it), `unsupported` for Word 97-2003 files, which no kept library reads.
 */
export const RESUME_TEXT_STATES = ['pending', 'reading', 'ready', 'missing', 'unsupported'] as const;
export type ResumeTextState = (typeof RESUME_TEXT_STATES)[number];

export const applicantMessages = {
  notFound: 'Applicant not found',
  resumeNotFound: 'Resume not found',
  withdrawnIsFinal: 'This applicant withdrew their application; their stage can no longer change',
  onlyApplicantWithdraws: 'Only the applicant can withdraw their application',
  alreadyIn: (status: ApplicantStatus) => `The applicant is already in ${STAGE_LABELS[status]}`,
  moved: (status: ApplicantStatus) => `Applicant moved to ${STAGE_LABELS[status]}`,
  /** The one-click actions' outcomes: Shortlist, Reject, and Undo Shortlist or Undo Rejection. */
  shortlisted: 'Applicant shortlisted successfully!',
  rejected: 'Applicant rejected successfully!',
  reverted: 'Applicant reverted to pending successfully!',
  reasonRequired: 'Choose a reason for rejecting',
  reasonUnknown: `Reason must be one of: ${REJECTION_REASON_KEYS.join(', ')}`,
  reasonOnlyForRejection: 'A reason is only kept when rejecting',
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
  deleted: 'Applicant deleted successfully',
  changedMeanwhile: 'The applicant was changed meanwhile; reload and try again',
  /** The admin area's warning while the disk guard refuses applications. */
  storageLow: (freeMb: number, minMb: number) =>
    `Storage is almost full (${freeMb} MB free, ${minMb} MB needed): new applications are refused until space is freed.`,
} as const;

export const bulkMessages = {
  noIds: 'Select at least one applicant',
  tooMany: `One action takes at most ${BULK_MAX} applicants; select fewer and repeat`,
  statusRequired: 'Choose the stage to move the applicants to',
  templateRequired: 'Choose the template to send',
  templateNotFound: 'Template not found',
  /** A withdrawn applicant gets no more mail from the team. */
  noMailAfterWithdrawal: 'This applicant withdrew their application and gets no more mail',
  mailed: 'Mail queued',
  /** What a bulk action did, e.g. "3 rejected · 3 mails queued"; `to` is the stage of a move, null for a mail. */
  done: (ok: number, total: number, to: ApplicantStatus | null, mails: number) => {
    const count = ok === total ? `${total}` : `${ok} of ${total}`;
    const queued = `${mails} ${mails === 1 ? 'mail' : 'mails'} queued`;
    const what =
      to === null
        ? `${count} mailed`
        : to === 'rejected'
          ? `${count} rejected`
          : `${count} moved to ${STAGE_LABELS[to]}`;
    return `${what}${mails > 0 || to === null ? ` · ${queued}` : ''}${ok < total ? '; see those left' : ''}`;
  },
} as const;

/** Taking back a move or a bulk action while its mails wait. */
export const undoMessages = {
  action: 'Undo',
  done: (applicants: number, mails: number, skipped: number) => {
    const left = `${skipped} moved again meanwhile and left where they are`;
    const undone = [
      applicants > 0 && `${applicants} ${applicants === 1 ? 'applicant' : 'applicants'} back where they were`,
      mails > 0 && `${mails} ${mails === 1 ? 'mail' : 'mails'} withdrawn`,
    ].filter(Boolean);
    if (undone.length === 0) return `Nothing undone: ${left}`;
    return `Undone: ${undone.join(', ')}${skipped > 0 ? `; ${left}` : ''}`;
  },
  tooLate: 'Too late to undo: the change stands and its mails are on their way',
  tokenRequired: 'Give the token of the action to undo',
  failed: 'Undo failed; the change stands',
  /** One applicant could not go back: someone moved them again meanwhile. */
  movedMeanwhile: 'Moved again meanwhile; left where they are now',
} as const;

/** `GET /api/applicants/intake`: whether applications are being accepted, and the disk figures behind it. */
export type IntakeStatus = { accepting: boolean; freeMb: number | null; minFreeMb: number };
