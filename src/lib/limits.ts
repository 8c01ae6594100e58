/**
 * Limits on the data people send (resumes, form fields, passwords, tokens), enforced by the forms
 * and again by the API. Safe in the browser and on the server (no imports).
 */

/** Resume upload: strictly under 5 MB (5 * 1024 * 1024 bytes). */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted resume extensions, lower case, without the dot. */
export const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export type ResumeKind = (typeof RESUME_EXTENSIONS)[number];
/** The real content type for each accepted resume kind. */
export const RESUME_MIME_TYPES: Readonly<Record<ResumeKind, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Text read from a resume is kept (searched, exported) up to this many characters: about 30 dense pages. */
export const RESUME_TEXT_MAX_CHARS = 100_000;
/** A resume's reader stops after this many pages (text for search; a resume has a few). */
export const RESUME_READ_MAX_PAGES = 100;
/** A DOCX preview's HTML is cut to this many characters: the kept text with its tags. */
export const RESUME_PREVIEW_MAX_CHARS = 4 * RESUME_TEXT_MAX_CHARS;
/**
 * What a resume may inflate to: a DOCX's parts together, or a PDF's compressed streams other than
 * images (pdf.js never decodes those for text). A Word resume inflates to a few megabytes at most.
 */
export const RESUME_INFLATED_MAX_BYTES = 50 * 1024 * 1024;
/** A DOCX part above this size may inflate at most RESUME_INFLATE_MAX_RATIO times its compressed size (XML: about 10). */
export const RESUME_RATIO_CHECKED_BYTES = 1024 * 1024;
export const RESUME_INFLATE_MAX_RATIO = 100;
/** A search box query: at most this many characters, and this many words are matched. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_TERMS_MAX = 8;

/** Cover letter length after trimming, inclusive bounds. */
export const COVER_LETTER_MIN = 50;
export const COVER_LETTER_MAX = 1000;
/** Applicant name: at least 2 characters after trimming; the upper bound keeps storage and layout sane. */
export const NAME_MIN = 2;
export const NAME_MAX = 100;
/** A team member's display name: room for a full name, short enough for a calendar's attendee line. */
export const DISPLAY_NAME_MAX = 80;
/** Phone: 10 to 15 digits once its formatting (plus, spaces, hyphens, dots, parentheses) is removed. */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longest accepted raw phone input (digits plus separators). */
export const PHONE_MAX_LENGTH = 30;
/** Longest accepted e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Longest accepted LinkedIn URL. */
export const LINKEDIN_MAX = 300;
/** A general application's field of interest ("Embedded firmware", "Developer relations"). */
export const FIELD_OF_INTEREST_MAX = 120;

/** Contact form limits. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** Mail templates to applicants: name, subject and body lengths. */
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5000;

/** The most applicants one bulk action takes. */
export const BULK_MAX = 200;

/** How long a move or bulk action can be undone; the applicants' mails it queues wait as long in the outbox. */
export const UNDO_SECONDS = 10;

/** Job form limits: every field is required, these bound its size. */
export const JOB_TITLE_MAX = 200;
export const JOB_DEPARTMENT_MAX = 100;
export const JOB_LOCATION_MAX = 200;
export const JOB_SALARY_MAX = 100;
export const JOB_DESCRIPTION_MAX = 20000;
/** At most this many emphasis and link marks (*, _, [ and ]) in a description: a real one has a few hundred. */
export const JOB_DESCRIPTION_MAX_MARKS = 2000;

/** Login field limits (a bounded password keeps hashing cheap to reject). */
export const PASSWORD_MAX = 1024;
/** Minimum length for a new admin password set through the CLI. */
export const ADMIN_PASSWORD_MIN = 12;
/** A password-reset link works once, for this many minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** Token lifetimes in seconds: "Remember me" keeps a session for 30 days, otherwise 8 hours. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const TOKEN_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;

/** Interview slots: how many one request adds, how many one invitation offers, and how late a booking may change. */
export const INTERVIEW_SLOTS_PER_REQUEST_MAX = 50;
export const INTERVIEW_SLOTS_PER_INVITATION_MAX = 30;
export const INTERVIEW_SLOT_CHANGE_HOURS = 24;
