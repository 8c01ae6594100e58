import { z, type ZodEffects, type ZodTypeAny } from 'zod';

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

/** Runs `schema` on '' instead of a blank string, so its 'required' rule answers. */
export function blankAsEmpty<T extends ZodTypeAny>(schema: T): ZodEffects<T, z.output<T>, z.input<T>> {
  // preprocess types its input as unknown; it accepts exactly what `schema` accepts, which forms rely on.
  return z.preprocess((value) => (typeof value === 'string' && isBlank(value) ? '' : value), schema) as ZodEffects<
    T,
    z.output<T>,
    z.input<T>
  >;
}

/** A lone UTF-16 surrogate (the u flag pairs valid ones) or U+FFFD, what a failed decoding leaves. */
const UNREADABLE = /[\p{Cs}\uFFFD]/u;

/** Why `value` cannot be stored as text (PostgreSQL refuses NUL; broken encodings would be mangled), or null. */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return textMessages.nul;
  if (UNREADABLE.test(value)) return textMessages.unreadable;
  return null;
}
