/**
 * Spam protection without tracking, shared by the forms and the API: every public
 * form carries a honeypot field that people never see and a count of how long the form was open.
 * A bot that fills every input, or posts faster than a person could type, is turned away with a
 * neutral message that does not say why.
 */

/** The honeypot's field name: dull enough for a bot to fill, matched by no browser autofill rule. */
export const HONEYPOT_FIELD = 'leaveBlank';
/** Milliseconds between the form appearing and its submission, measured by the browser. */
export const FILL_TIME_FIELD = 'fillTimeMs';
/** Below this a submission is too fast for a person (the server's default; SPAM_MIN_FILL_MS). */
export const DEFAULT_MIN_FILL_MS = 3000;
/** The answer to a submission taken for spam: it neither accuses nor explains the rule. */
export const SPAM_MESSAGE = 'We could not accept this submission. Please wait a moment and try again.';

export type SpamReason = 'honeypot' | 'too-fast';

/** The two extra fields as a form sends them (JSON numbers or multipart strings). */
export type SpamFields = { [HONEYPOT_FIELD]?: unknown; [FILL_TIME_FIELD]?: unknown };

function fillTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d{1,12}$/.test(value)) return Number(value);
  return null;
}

/**
 * Why a submission looks automated, or null when it looks like a person's. A missing or
 * malformed fill time counts as too fast whenever a minimum applies: scripts that skip the
 * form skip the field too.
 */
export function spamReason(fields: SpamFields, minFillMs: number): SpamReason | null {
  const honeypot = fields[HONEYPOT_FIELD];
  if (honeypot !== undefined && (typeof honeypot !== 'string' || honeypot.trim() !== '')) return 'honeypot';
  if (minFillMs <= 0) return null;
  const elapsed = fillTime(fields[FILL_TIME_FIELD]);
  return elapsed === null || elapsed < minFillMs ? 'too-fast' : null;
}
