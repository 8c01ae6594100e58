import { z } from 'zod/mini';
import {
  COVER_LETTER_MAX,
  COVER_LETTER_MIN,
  EMAIL_MAX,
  FIELD_OF_INTEREST_MAX,
  LINKEDIN_MAX,
  NAME_MAX,
  NAME_MIN,
  PHONE_MAX_DIGITS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_DIGITS,
  RESUME_EXTENSIONS,
  RESUME_MAX_BYTES,
  RESUME_MIME_TYPES,
  type ResumeKind,
} from '../limits';
import { ID_PATTERN } from './ids';
import { blankAsEmpty, singleLine } from './text';

/** The application form's messages, word for word. */
export const applicationMessages = {
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  nameLetters: 'Name can only contain letters, spaces, apostrophes, hyphens and periods',
  nameMax: `Name must not exceed ${NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number (10-15 digits)',
  linkedinInvalid: 'Please enter a valid LinkedIn profile URL',
  coverLetterRequired: 'Cover letter is required',
  coverLetterMin: 'Cover letter must be at least 50 characters',
  coverLetterMax: 'Cover letter must not exceed 1000 characters',
  resumeRequired: 'Resume is required',
  resumeSize: 'File size must be less than 5MB',
  resumeType: 'Only PDF, DOC, and DOCX files are allowed',
  resumeContent:
    'This file does not look like a PDF, DOC or DOCX document. Export it again from your editor and retry.',
  jobRequired: 'Please choose a position',
  formIncomplete: 'Please fill all * fields before submitting',
  duplicate: 'You have already applied for this position',
  fieldOfInterestRequired: 'Please tell us which field you would like to work in',
  fieldOfInterestMax: `Field of interest must not exceed ${FIELD_OF_INTEREST_MAX} characters`,
  fieldOfInterestOneLine: 'Field of interest must be one line, without line breaks or control characters',
  openDuplicate:
    'You already have a general application with us. We will be in touch; you can follow it on the page linked in your receipt.',
  openUnavailable: 'We are not taking general applications right now. Please apply for one of our vacancies.',
  tooMany: 'Too many applications from your network. Please try again later.',
  busy: 'We are receiving more applications than usual. Please try again later.',
  storageFull: 'We cannot accept applications right now. Please try again later.',
  malformed: 'Malformed form data',
  wrongContentType: 'Content-Type must be multipart/form-data',
  stalled: 'The upload stalled. Please try again.',
} as const;

const m = applicationMessages;

/**
 * Names as people write them: letters of any script with their combining marks, spaces, apostrophes
 * (' and ’), hyphens and periods ("Seán O'Brien-Kelly", "Nguyễn Thị Minh Khai", "J. R. R. Tolkien");
 * the zero-width joiners that Indic and Persian spellings need between letters.
 */
const NAME_PATTERN = /^(?:[\p{L}\p{M} '’.-]|\u200C|\u200D)+$/u;
const HAS_LETTER = /\p{L}/u;
/**
 * something@something.something, after WHATWG's `type=email` pattern without `?`, `&`, `%` and `/`
 * in the local part: those would let an address carry extra mailto: fields (`?bcc=…`).
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$'*+=^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/**
 * A LinkedIn profile (in), pub or company URL, as browsers and the app copy it: protocol optional,
 * www or a country subdomain (in.linkedin.com), further path segments, a trailing slash, a query
 * and a fragment; case-insensitive. No quotes, angle brackets or spaces anywhere.
 */
const LINKEDIN_PATTERN =
  /^(?:https?:\/\/)?(?:(?:www|[a-z]{2})\.)?linkedin\.com\/(?:in|pub|company)(?:\/[\p{L}\p{N}_%.~-]+)+\/?(?:\?[^\s"'<>#`]*)?(?:#[^\s"'<>`]*)?$/iu;

/** Formatting people type around a phone number's digits: plus, spaces, hyphens, dots and parentheses. */
const PHONE_FORMATTING = /[\s+().-]/g;

/** The phone number's digits, once its formatting is removed. */
function phoneDigits(phone: string): string {
  return phone.replace(PHONE_FORMATTING, '');
}

/** A required text field: trimmed, and blank counts as missing. */
const requiredText = (message: string) =>
  z.string({ error: message }).check(blankAsEmpty, z.trim(), z.minLength(1, message));

/** 10 to 15 digits, once the formatting is removed. */
const phoneHasDigits = new RegExp(`^\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);

/**
 * The text fields of the application form. Values are trimmed, and a value of only invisible
 * characters counts as missing; the first issue
 * per field is the one to show (react-hook-form's default, and the API's `errors` map).
 */
export const applicationFieldsSchema = z.object({
  name: requiredText(m.nameRequired).check(
    z.minLength(NAME_MIN, m.nameMin),
    z.maxLength(NAME_MAX, m.nameMax),
    z.regex(NAME_PATTERN, m.nameLetters),
    z.regex(HAS_LETTER, m.nameLetters),
  ),
  email: requiredText(m.emailRequired).check(
    z.maxLength(EMAIL_MAX, m.emailInvalid),
    z.regex(EMAIL_PATTERN, m.emailInvalid),
  ),
  phone: requiredText(m.phoneRequired).check(
    z.maxLength(PHONE_MAX_LENGTH, m.phoneInvalid),
    z.refine((v) => v === '' || phoneHasDigits.test(phoneDigits(v)), m.phoneInvalid),
  ),
  linkedin: z.optional(
    z.string({ error: m.linkedinInvalid }).check(
      z.trim(),
      z.maxLength(LINKEDIN_MAX, m.linkedinInvalid),
      z.refine((v) => v === '' || LINKEDIN_PATTERN.test(v), m.linkedinInvalid),
    ),
  ),
  coverLetter: requiredText(m.coverLetterRequired).check(
    z.minLength(COVER_LETTER_MIN, m.coverLetterMin),
    z.maxLength(COVER_LETTER_MAX, m.coverLetterMax),
  ),
});

export type ApplicationFields = z.infer<typeof applicationFieldsSchema>;

/** A job id as the form sends it: digits only, one spelling per number ("3", never "03", "3.0" or "0x3"). */
const jobIdSchema = z.pipe(
  z.string({ error: m.jobRequired }).check(z.regex(ID_PATTERN, m.jobRequired)),
  z.transform(Number),
);

/** What the API checks in `POST /applicants/apply` besides the resume: jobId plus the text fields. */
export const applicationRequestSchema = z.extend(applicationFieldsSchema, { jobId: jobIdSchema });

/** The form field that marks a general application (no vacancy): `kind=open`. */
export const APPLICATION_KIND_FIELD = 'kind';

/** What a general application names instead of a vacancy. */
export const fieldOfInterestSchema = requiredText(m.fieldOfInterestRequired).check(
  z.maxLength(FIELD_OF_INTEREST_MAX, m.fieldOfInterestMax),
  singleLine(m.fieldOfInterestOneLine),
);

/** What the API checks in a general application (`kind=open`) besides the resume. */
export const openApplicationRequestSchema = z.extend(applicationFieldsSchema, {
  fieldOfInterest: fieldOfInterestSchema,
});

/** Accepted resume file rules. */
export const resumeRules = {
  maxBytes: RESUME_MAX_BYTES,
  extensions: RESUME_EXTENSIONS,
  mimeTypes: Object.values(RESUME_MIME_TYPES),
  /** Value for an `<input type="file" accept>` attribute. */
  accept:
    '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** The lower-case extension of a file name if it is an accepted resume kind, else null. */
function resumeKindFromName(name: string): ResumeKind | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return name.includes('.') && (RESUME_EXTENSIONS as readonly string[]).includes(ext) ? (ext as ResumeKind) : null;
}

/** Types some browsers report for office files they do not know; the extension decides then. */
const NEUTRAL_TYPES = new Set(['', 'application/octet-stream', 'application/x-msdownload-unknown']);

/**
 * Checks a chosen resume file (browser `File` or server upload metadata) against the resume rules.
 * Returns the fixed message of the first broken rule, or null when the file is acceptable.
 * The server additionally sniffs the bytes; this check only sees name, size and type.
 */
export function validateResumeFile(
  file: { size: number; type: string; name: string } | null | undefined,
): string | null {
  if (!file) return m.resumeRequired;
  if (file.size >= RESUME_MAX_BYTES) return m.resumeSize;
  // An empty file is not a PDF, DOC or DOCX document.
  if (file.size === 0) return m.resumeType;
  const kind = resumeKindFromName(file.name);
  const type = file.type.toLowerCase();
  if (!kind) return m.resumeType;
  if (!NEUTRAL_TYPES.has(type) && !(resumeRules.mimeTypes as readonly string[]).includes(type)) return m.resumeType;
  return null;
}
