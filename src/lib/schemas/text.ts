import { z } from 'zod/mini';

const textMessages = {
  nul: 'Text must not contain NUL characters',
  unreadable: 'Text contains characters that could not be read',
} as const;

/**
 * Characters that show nothing on their own: whitespace, zero-width and other format characters
 * (U+200B, U+2060, U+FEFF…), combining marks without a base, and the Hangul and Braille fillers.
 */
const INVISIBLE = /[\s\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** True when nothing visible is left of `value`. */
function isBlank(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/**
 * A blank string (only invisible characters) becomes '', so the 'required' rule after it answers.
 * The first check of a text field: `z.string().check(blankAsEmpty, z.trim(), z.minLength(1, …))`.
 */
export const blankAsEmpty = z.overwrite((value: string) => (isBlank(value) ? '' : value));

/** A lone UTF-16 surrogate (the u flag pairs valid ones) or U+FFFD, what a failed decoding leaves. */
const UNREADABLE = /[\p{Cs}\uFFFD]/u;

/** Why `value` cannot be stored as text (PostgreSQL refuses NUL; broken encodings would be mangled), or null. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return textMessages.nul;
  if (UNREADABLE.test(value)) return textMessages.unreadable;
  return null;
}

/**
 * Control characters (CR, LF, NEL, TAB…) and the Unicode line and paragraph separators: any of
 * them can end a line in a mail header or a calendar, and none belongs in a one-line field.
 */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]+/gu;

/** `value` as one line: every run of line breaks and control characters becomes one space. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAK_OR_CONTROL, ' ').trim();
}

/** Refuses, with `message`, a value holding a line break or control character. */
export const singleLine = (message: string) =>
  z.refine<string>((value) => value.search(LINE_BREAK_OR_CONTROL) === -1, message);
