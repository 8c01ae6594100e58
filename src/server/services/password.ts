import { hash, verify } from '@node-rs/argon2';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Semaphore } from './semaphore';

/**
 * argon2id at OWASP's minimum: 19 MiB, 2 passes, 1 lane. @node-rs/argon2 hashes with argon2id
 * unless told otherwise (its Algorithm enum is a const enum, out of reach with isolated modules).
 */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes from before argon2: `scrypt$N$r$p$salt$hash`; N=2^15 r=8 needs 32 MiB, past scrypt's default limit. */
const SCRYPT_MAX_MEM = 64 * 1024 * 1024;

/**
 * Both run on libuv's thread pool; one core fewer than the machine has (at least one) at a time,
 * so a burst of logins never takes every core from the event loop or every thread from file I/O.
 */
const hashing = new Semaphore(Math.max(1, availableParallelism() - 1));

/** The same password typed with composed or decomposed characters hashes the same. */
const normalized = (password: string) => password.normalize('NFKC');

/** argon2id in the PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), a fresh 16-byte salt each time. */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(normalized(password), ARGON2));
}

const ARGON2ID_PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** True for a legacy scrypt hash or an argon2 hash weaker than today's parameters: rehash it after a good login. */
export function needsRehash(stored: string): boolean {
  const match = ARGON2ID_PHC.exec(stored);
  if (!match) return true;
  const [, version, m, t] = match.map(Number) as [number, number, number, number, number];
  return version < 19 || m < ARGON2.memoryCost || t < ARGON2.timeCost;
}

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const expected = Buffer.from(hashText, 'base64url');
  if (![N, R, P].every(Number.isInteger) || expected.length === 0) return false;
  const key = await scryptAsync(normalized(password), Buffer.from(saltText, 'base64url'), expected.length, {
    N,
    r: R,
    p: P,
    maxmem: SCRYPT_MAX_MEM,
  }).catch(() => null);
  return key !== null && timingSafeEqual(key, expected);
}

/** Checks a password against an argon2 (PHC) or legacy scrypt hash; false for any malformed hash. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return hashing.run(() => verifyScrypt(password, stored));
  if (!stored.startsWith('$argon2')) return Promise.resolve(false);
  // verify() compares in constant time; a hash it cannot parse rejects, which is a failed login.
  return hashing.run(() => verify(stored, normalized(password))).catch(() => false);
}

/** A hash of a random password, compared against when the e-mail is unknown, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
