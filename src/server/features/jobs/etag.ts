import { createHash } from 'node:crypto';

/** A strong ETag for a representation: its SHA-1, base64url, quoted. */
export const etagOf = (text: string): string => `"${createHash('sha1').update(text).digest('base64url')}"`;

/**
 * True when an If-None-Match header names `etag` or is `*`. Weak tags (`W/"…"`) match too: a 304
 * needs only the weak comparison (RFC 9110 §13.1.2).
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
