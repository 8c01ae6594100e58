import { createHash, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Admin tokens: HS256 JWTs (RFC 7519) signed and checked by `jose`, with the algorithm pinned
 * (a token whose header says anything but HS256, `alg: none` included, is refused).
 */
export type TokenClaims = {
  /** Admin id, as a string (RFC 7519 `sub`). */
  sub: string;
  /** The admin's token_version when the token was issued. */
  tv: number;
  iat: number;
  exp: number;
};

const ALGORITHM = 'HS256';
/** Clocks of several instances may differ a little; a token from further in the future is forged. */
const IAT_SKEW_SECONDS = 60;

/** One imported key per secret: importing costs more than verifying. */
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(
  claims: { sub: string; tv: number },
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({ tv: claims.tv })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    // Two logins in the same second must still be two tokens, so logout ends only its own.
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await keyFor(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/**
 * True when every segment is base64url in its one canonical spelling. base64url's last character
 * carries spare bits that decoders ignore, so without this check one signature has several
 * spellings (a token could be altered and still verify).
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) => /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}

/** The claims of a valid, unexpired HS256 token signed with `secret`, issued no later than now + skew; otherwise null. */
export async function verifyToken(token: string, secret: string, now = new Date()): Promise<TokenClaims | null> {
  if (!isCanonical(token)) return null;
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const { sub, tv, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof tv !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') {
      return null;
    }
    if (iat > Math.floor(now.getTime() / 1000) + IAT_SKEW_SECONDS) return null;
    return { sub, tv, iat, exp };
  } catch {
    return null;
  }
}

/** What the deny-list stores for a token: a hash of its signature, never the token itself. */
export function tokenHash(token: string): string {
  return createHash('sha256')
    .update(token.slice(token.lastIndexOf('.') + 1))
    .digest('base64url');
}
