/**
 * ETags with Web Crypto, so the same code runs in a page rendered on request and in the browser;
 * the API's synchronous `etagOf` (src/server/features/jobs/etag.ts) gives the same tag.
 */

/** A strong ETag for a representation: its SHA-1, base64url, quoted. */
export async function etagOfText(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  const base64 = btoa(String.fromCharCode(...digest));
  return `"${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/**
 * True when an If-None-Match header names `etag` or is `*`. Weak tags (`W/"…"`) match too: a 304
 * needs only the weak comparison (RFC 9110 §13.1.2).
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
