/** The compressed encodings the server stores answers in, in order of preference. */
export type Encoding = 'br' | 'gzip';

/** The encodings a client accepts, Brotli first (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const accepted: Encoding[] = [];
  const tokens = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    tokens.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if ((tokens.get(encoding) ?? (tokens.get('*') || 0)) > 0) accepted.push(encoding);
  }
  return accepted;
}

/** One representation in several encodings; the compressed ones may be missing. */
export type Encoded<T> = { identity: T } & { [E in Encoding]?: T | undefined };

/** The encoding of `variants` the client prefers among those it accepts and that exist. */
export function chooseEncoded<T>(variants: Encoded<T>, acceptEncoding: string | undefined): T {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const chosen = variants[encoding];
    if (chosen) return chosen;
  }
  return variants.identity;
}
