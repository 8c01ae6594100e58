// Runs in the password pool's worker threads (password.ts): one scrypt at a time per thread.
import { scryptSync } from 'node:crypto';

/** @param {{ password: string, salt: Uint8Array, keylen: number, N: number, r: number, p: number, maxmem: number }} task */
export default function derive({ password, salt, keylen, N, r, p, maxmem }) {
  return scryptSync(password, salt, keylen, { N, r, p, maxmem });
}
