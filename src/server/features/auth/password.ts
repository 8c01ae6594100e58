import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { fileURLToPath } from 'node:url';

/** scrypt cost: N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 with r=8 p=1 for 64 MiB; this fits 2 cores). */
const PARAMS = { N: 1 << 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;

/**
 * scrypt runs in its own worker threads, one core fewer than the machine has (at least one): each
 * takes ~100 ms of CPU and 32 MB, and in libuv's shared pool four logins at once took every core
 * from the event loop and queued file-system work behind them. The threads start on first use and
 * stop after a minute idle. `scrypt-worker.mjs` sits beside this file and, in the build, beside main.mjs.
 */
let pool: Piscina | undefined;
function scryptPool(): Piscina {
  pool ??= new Piscina({
    filename: fileURLToPath(new URL('./scrypt-worker.mjs', import.meta.url)),
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  return pool;
}

async function derive(password: string, salt: Buffer, options: ScryptOptions, keylen: number): Promise<Buffer> {
  const key = (await scryptPool().run({
    password: password.normalize('NFKC'),
    salt,
    keylen,
    N: options.N,
    r: options.r,
    p: options.p,
    maxmem: MAX_MEM,
  })) as Uint8Array;
  return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const expected = Buffer.from(hashText, 'base64url');
  if (!Number.isInteger(N) || expected.length === 0) return false;
  const key = await derive(
    password,
    Buffer.from(saltText, 'base64url'),
    { N, r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, compared against when the e-mail is unknown, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
