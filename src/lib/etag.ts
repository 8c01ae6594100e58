/**
 * A strong ETag from the SHA-1 digest of a representation: base64url, quoted. Each side hashes with
 * its own API: the job list with node:crypto, synchronously (Web Crypto's digest is a round trip
 * through the thread pool, which under load made the list wait for later turns of the event loop);
 * the vacancy pages, rendered by Astro, with Web Crypto.
 */
export function etagOfSha1(digest: Uint8Array): string {
  const base64 = btoa(String.fromCharCode(...digest));
  return `"${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}

/** An entity tag as RFC 9110 spells one: optional `W/`, then any visible characters but `"` in quotes. */
const ENTITY_TAG = /(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g;

/**
 * True when an If-None-Match header (`*` or a comma-separated list of entity tags) matches `etag`
 * by the weak comparison that RFC 9110 (section 13.1.2) prescribes for it: `W/` is ignored on
 * both sides. Tags are matched as a whole, so a comma inside a tag does not split it.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return (ifNoneMatch.match(ENTITY_TAG) ?? []).some((tag) => tag.replace(/^W\//, '') === opaque);
}
