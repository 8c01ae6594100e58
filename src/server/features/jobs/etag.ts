import { createHash } from 'node:crypto';

export { etagMatches } from '~/lib/etag';

/** A strong ETag for a representation: its SHA-1, base64url, quoted (synchronous, for the API's hot path). */
export const etagOf = (text: string): string => `"${createHash('sha1').update(text).digest('base64url')}"`;
