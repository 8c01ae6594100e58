/**
 * The cover letter's length, said to the applicant: the hint, and what its live region speaks. Apart from the
 * board's texts (messages.ts) so the limits load with the application form, not with the board.
 */
import { COVER_LETTER_MAX, COVER_LETTER_MIN } from '~/lib/limits';

/** The field's hint, before anyone types. */
export const COVER_LETTER_LENGTH = `${COVER_LETTER_MIN} to ${COVER_LETTER_MAX} characters.`;

/** How near the end a screen reader is told, in characters left, largest first. */
const COVER_LETTER_MARKS = [100, 50, 10] as const;

/**
 * What the cover letter's live region says for `length`: the same text while the length stays in one band,
 * so a screen reader speaks only as the letter passes the minimum or nears the limit, not on every key.
 */
export function coverLetterMilestone(length: number): string {
  if (length >= COVER_LETTER_MAX) return `The ${COVER_LETTER_MAX}-character limit is reached.`;
  const left = COVER_LETTER_MAX - length;
  const mark = COVER_LETTER_MARKS.findLast((m) => left <= m);
  if (mark !== undefined) return `At most ${mark} characters left.`;
  return length >= COVER_LETTER_MIN ? `The ${COVER_LETTER_MIN}-character minimum is reached.` : '';
}
