import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JWT (RFC 7519) on node:crypto. The algorithm is pinned: a token whose header
 * is not exactly HS256 (including `alg: none`) is rejected before any signature check.
 */
export type TokenClaims = {
  /** Admin id, as a string (RFC 7519 `sub`). */
  sub: string;
  /** The admin's token_version when the token was issued. */
  tv: number;
  iat: number;
  exp: number;
};

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signToken(
  claims: { sub: string; tv: number },
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const payload = b64url(JSON.stringify({ sub: claims.sub, tv: claims.tv, iat, exp }));
  const body = `${HEADER}.${payload}`;
  return { token: `${body}.${sign(body, secret).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The claims of a valid, unexpired HS256 token signed with `secret`; otherwise null. */
export function verifyToken(token: string, secret: string, now = new Date()): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return null;

  const head = parseJson(header) as { alg?: unknown; typ?: unknown } | null;
  if (!head || typeof head !== 'object' || head.alg !== 'HS256') return null;
  if (head.typ !== undefined && head.typ !== 'JWT') return null;

  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const claims = parseJson(payload) as Partial<TokenClaims> | null;
  if (!claims || typeof claims !== 'object') return null;
  if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
  if (claims.exp <= Math.floor(now.getTime() / 1000)) return null;
  return claims as TokenClaims;
}
