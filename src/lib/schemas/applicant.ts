import { z } from 'zod';
import { RESUME_EXTENSIONS } from '../limits';

/** Applicant status (SPEC §4); new applications are pending. */
export const APPLICANT_STATUSES = ['pending', 'shortlisted', 'rejected'] as const;
export const applicantStatusSchema = z.enum(APPLICANT_STATUSES, {
  errorMap: () => ({ message: `Status must be one of: ${APPLICANT_STATUSES.join(', ')}` }),
});
export type ApplicantStatus = z.infer<typeof applicantStatusSchema>;

/**
 * The status table of SPEC §4, and nothing else: no direct change between shortlisted and
 * rejected. `successMessage` is the SPEC §8 alert for the change.
 */
export const STATUS_TRANSITIONS = [
  { from: 'pending', action: 'Shortlist', to: 'shortlisted', successMessage: 'Applicant shortlisted successfully!' },
  { from: 'pending', action: 'Reject', to: 'rejected', successMessage: 'Applicant rejected successfully!' },
  { from: 'shortlisted', action: 'Undo Shortlist', to: 'pending', successMessage: 'Applicant reverted to pending successfully!' },
  { from: 'rejected', action: 'Undo Rejection', to: 'pending', successMessage: 'Applicant reverted to pending successfully!' },
] as const satisfies readonly {
  from: ApplicantStatus;
  action: string;
  to: ApplicantStatus;
  successMessage: string;
}[];

export type StatusTransition = (typeof STATUS_TRANSITIONS)[number];

/** The actions offered for an applicant in `status` (SPEC §4). */
export function transitionsFrom(status: ApplicantStatus): StatusTransition[] {
  return STATUS_TRANSITIONS.filter((t) => t.from === status);
}

/** True when SPEC §4 allows changing `from` to `to`. */
export function canTransition(from: ApplicantStatus, to: ApplicantStatus): boolean {
  return STATUS_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

export const applicantMessages = {
  notFound: 'Applicant not found',
  resumeNotFound: 'Resume not found',
  transitionNotAllowed: (from: ApplicantStatus, to: ApplicantStatus) => `Cannot change status from ${from} to ${to}`,
  deleted: 'Applicant deleted successfully',
  submitted: 'Application submitted successfully! We will review your application and get back to you soon.',
} as const;

/** `PUT /api/applicants/:id/status` body. */
export const statusUpdateSchema = z.object({ status: applicantStatusSchema });

/** An applicant as the API lists it (SPEC §3); the resume bytes are downloaded separately. */
export const applicantSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  /** Snapshot of the job's title when the application arrived (kept if the job is deleted). */
  jobTitle: z.string(),
  /** Snapshot of the job's department. */
  department: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  linkedin: z.string().nullable(),
  coverLetter: z.string(),
  status: applicantStatusSchema,
  /** ISO 8601 timestamp set by the server. */
  appliedAt: z.string(),
  /** The stored resume's kind (its real type, sniffed from the bytes) and size in bytes. */
  resume: z.object({ kind: z.enum(RESUME_EXTENSIONS), size: z.number().int() }),
});
export type Applicant = z.infer<typeof applicantSchema>;
