import { z } from 'zod/mini';
import { BULK_MAX, RESUME_EXTENSIONS, SEARCH_QUERY_MAX } from '../limits';
import {
  APPLICANT_STATUSES,
  REJECTION_REASON_KEYS,
  RESUME_TEXT_STATES,
  applicantMessages,
  bulkMessages,
  undoMessages,
  type ApplicantStatus,
} from './applicant';

const applicantStatusSchema = z.enum(APPLICANT_STATUSES, {
  error: `Status must be one of: ${APPLICANT_STATUSES.join(', ')}`,
});

const rejectionReasonSchema = z.enum(REJECTION_REASON_KEYS, { error: applicantMessages.reasonUnknown });

/**
 * `PUT /api/applicants/:id/status` body. `reason` is required when rejecting and refused
 * otherwise; `notify` (off unless sent as true) mails the applicant about a change to
 * shortlisted or rejected.
 */
export const statusUpdateSchema = z.object({
  status: applicantStatusSchema,
  reason: z.optional(rejectionReasonSchema),
  notify: z.optional(z.boolean()),
  /** Send the applicant this mail template with the move. */
  templateId: z.optional(z.int()),
});

/** `POST /api/applicants/bulk`: move up to BULK_MAX applicants to a stage (optionally with a template mail) or mail them. */
export const bulkActionSchema = z.object({
  ids: z
    .array(z.int(), { error: bulkMessages.noIds })
    .check(z.minLength(1, bulkMessages.noIds), z.maxLength(BULK_MAX, bulkMessages.tooMany)),
  action: z.enum(['status', 'mail'], { error: 'Action must be one of: status, mail' }),
  status: z.optional(applicantStatusSchema),
  reason: z.optional(rejectionReasonSchema),
  templateId: z.optional(z.int()),
});
export type BulkAction = z.output<typeof bulkActionSchema>;

/** What a bulk action did to each applicant, in the order of the ids sent. */
export type BulkResult = { id: number; ok: true; status: ApplicantStatus } | { id: number; ok: false; message: string };
/** The offer to take an action back: the token for `POST /api/applicants/undo` and how many seconds it is good for. */
export type UndoOffer = { token: string; seconds: number };
export type BulkAnswer = { message: string; results: BulkResult[]; undo: UndoOffer | null };

/** `POST /api/applicants/undo`: the token an undoable action answered. */
export const undoRequestSchema = z.object({
  token: z
    .string({ error: undoMessages.tokenRequired })
    .check(z.minLength(1, undoMessages.tokenRequired), z.maxLength(100, undoMessages.tooLate)),
});

/** `GET /api/applicants?q=`: the words to find; without `q` (or blank) every applicant is listed. */
export const applicantSearchQuerySchema = z.object({
  q: z.optional(
    z.pipe(
      z.string().check(z.maxLength(SEARCH_QUERY_MAX, applicantMessages.searchTooLong)),
      z.transform((q) => (q.trim() ? q.trim() : undefined)),
    ),
  ),
});

/** An applicant as the API lists it; the resume bytes are downloaded separately. */
/**
 * The fields the applicant search reads, in the order a passage is taken from: the texts a card does not show
 * first, so a hit in the name does not hide the cover letter's or the resume's context.
 */
export const SEARCH_FIELDS = ['coverLetter', 'resume', 'jobTitle', 'name', 'email'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/** How a snippet names where it matched: "In the resume: …". */
export const SEARCH_FIELD_LABELS: Record<SearchField, string> = {
  coverLetter: 'In the cover letter',
  resume: 'In the resume',
  jobTitle: 'In the job title',
  name: 'In the name',
  email: 'In the e-mail address',
};

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
  /** The `?source=` of the job link they came from ('direct' without one). */
  source: z.string(),
  /** Why the hiring team rejected them; null unless rejected. */
  rejectionReason: z.nullable(rejectionReasonSchema),
  /** A general application's field of interest (to the Open application entry); null for a vacancy. */
  fieldOfInterest: z.optional(z.nullable(z.string())),
  /** When retention will erase this applicant: its last status change plus the limit of its stage. */
  eraseAt: z.optional(z.string()),
  /** When the current stage is due (its last change plus the stage's days); null in Hired, Rejected, Withdrawn. */
  dueAt: z.optional(z.nullable(z.string())),
  /** Whether `dueAt` has passed: the dashboard marks the applicant overdue. */
  overdue: z.optional(z.boolean()),
  /**
   * The stored resume's kind (its real type, sniffed from the bytes), size in bytes, and whether
   * its text was read for search and preview (RESUME_TEXT_STATES).
   */
  resume: z.object({ kind: z.enum(RESUME_EXTENSIONS), size: z.int(), text: z.enum(RESUME_TEXT_STATES) }),
  /** With `?q=`: the matching passage, hits given as [start, end) offsets into `text`, and the field it is from. */
  match: z.optional(
    z.object({
      field: z.enum(SEARCH_FIELDS),
      text: z.string(),
      hits: z.array(z.tuple([z.int(), z.int()])),
    }),
  ),
});
export type Applicant = z.infer<typeof applicantSchema>;
export type ApplicantMatch = NonNullable<Applicant['match']>;
