/**
 * Business constants and limits of SPEC §9, plus the server-side length limits DESIGN/issue 4 add.
 * Safe in the browser and on the server (no imports).
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

/** Cover letter length after trimming, inclusive bounds. */
export const COVER_LETTER_MIN = 50;
export const COVER_LETTER_MAX = 1000;
/** Applicant name: at least 2 characters after trimming; the upper bound is ours (SPEC is silent). */
export const NAME_MIN = 2;
export const NAME_MAX = 100;
/** Phone: 10 to 15 digits once spaces, hyphens and plus signs are removed. */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** Longest accepted raw phone input (digits plus separators); ours, SPEC is silent. */
export const PHONE_MAX_LENGTH = 30;
/** Longest accepted e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** Longest accepted LinkedIn URL; ours, SPEC is silent. */
export const LINKEDIN_MAX = 300;

/** Contact form limits (issue 4). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = EMAIL_MAX;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** Job form limits; ours, SPEC only says the fields are required. */
export const JOB_TITLE_MAX = 200;
export const JOB_DEPARTMENT_MAX = 100;
export const JOB_LOCATION_MAX = 200;
export const JOB_SALARY_MAX = 100;
export const JOB_DESCRIPTION_MAX = 20000;

/** Login field limits; ours (a bounded password keeps scrypt cheap to reject). */
export const PASSWORD_MAX = 1024;
/** Minimum length for a new admin password set through the CLI. */
export const ADMIN_PASSWORD_MIN = 12;

/** Token lifetimes (DESIGN: Remember me = 30 days, otherwise 8 hours), in seconds. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60;
export const TOKEN_TTL_REMEMBER_SECONDS = 30 * 24 * 60 * 60;

/** Layout and timing constants of SPEC §9. */
export const MOBILE_CARD_BREAKPOINT_PX = 768;
export const BREAKPOINTS_PX = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const CARD_EXPANDED_FLEX = 3;
export const CARD_COLLAPSED_FLEX = 1;
export const COLLAPSE_ANIMATION_MS = 300;
export const SCROLLED_THRESHOLD_PX = 50;
export const CURSOR_TRAILING_FACTOR = 0.15;
export const FORM_SCROLL_DELAY_MS = 100;
export const CAREERS_DESCRIPTION_LINES = 3;
export const HEADER_MIN_HEIGHT_PX = 80;
export const EMAIL_LIBRARY_VERSION = '3.2.0';
