/** ETags with Web Crypto, so the same code serves the API and the vacancy pages rendered on request. */

/** A strong ETag for a representation: its SHA-1, base64url, quoted. */
export async function etagOfText(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
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
