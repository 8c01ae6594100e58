import { z } from 'zod/mini';
import { RESUME_EXTENSIONS } from '../limits';

/** Applicant status; new applications are pending. */
export const APPLICANT_STATUSES = ['pending', 'shortlisted', 'rejected'] as const;
const applicantStatusSchema = z.enum(APPLICANT_STATUSES, {
  error: `Status must be one of: ${APPLICANT_STATUSES.join(', ')}`,
});
export type ApplicantStatus = z.infer<typeof applicantStatusSchema>;

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

export const applicantMessages = {
  notFound: 'Applicant not found',
  resumeNotFound: 'Resume not found',
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

/**
 * `PUT /api/applicants/:id/status` body. `notify` (off unless sent as true) mails the applicant
 * about a change to shortlisted or rejected.
 */
export const statusUpdateSchema = z.object({ status: applicantStatusSchema, notify: z.optional(z.boolean()) });

/** An applicant as the API lists it; the resume bytes are downloaded separately. */
export const applicantSchema = z.object({
  id: z.int(),
  jobId: z.int(),
  /** Snapshot of the job's title when the application arrived (kept if the job is deleted). */
  jobTitle: z.string(),
  /** Snapshot of the job's department. */
  department: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  linkedin: z.nullable(z.string()),
  coverLetter: z.string(),
  status: applicantStatusSchema,
  /** ISO 8601 timestamp set by the server. */
  appliedAt: z.string(),
  /** When the status last changed (appliedAt until then); retention counts from it. */
  statusChangedAt: z.string(),
  /** When retention will erase this applicant; null while shortlisted (kept until an admin decides). */
  eraseAt: z.optional(z.nullable(z.string())),
  /** The stored resume's kind (its real type, sniffed from the bytes) and size in bytes. */
  resume: z.object({ kind: z.enum(RESUME_EXTENSIONS), size: z.int() }),
});
export type Applicant = z.infer<typeof applicantSchema>;
