import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { listUnprotectedTwoFactor, replaceRecoveryCodeHash, replaceTotpSecrets, type Database } from '../db';

/**
 * What keeps a copy of the database from getting around two-factor sign-in: authenticator keys
 * are stored AES-256-GCM encrypted and recovery codes as an HMAC, both under subkeys of the
 * two-factor key that lives outside the database (DATA_DIR/two-factor-key or TWO_FACTOR_KEY).
 * Each value names the key it was made with (`<version>:<key id>:...`), so a key can be rotated.
 */
export type TwoFactorVault = {
  /** `v1:<key id>:<iv>:<tag>:<ciphertext>`, base64url. */
  encrypt(secret: string): string;
  /** The plain key of a value `encrypt` made; throws when another key made it or it was changed. */
  decrypt(stored: string): string;
  /** `h1:<key id>:<hmac>` of a recovery code as typed (case, spaces and dashes do not matter). */
  hashRecoveryCode(code: string): string;
  /** The same for a recovery code stored before the key: its unkeyed SHA-256 hex. */
  keyLegacyHash(sha256Hex: string): string;
};

const CIPHER = 'v1';
const HASH = 'h1';
const IV_BYTES = 12;

const subkey = (secret: string, purpose: string, bytes = 32) =>
  Buffer.from(hkdfSync('sha256', secret, 'edgecraft two-factor', purpose, bytes));

/** The unkeyed SHA-256 hex of a normalised recovery code, as rows from before the key hold it. */
const sha256OfCode = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');

const isProtectedSecret = (stored: string): boolean => stored.startsWith(`${CIPHER}:`);

export function twoFactorVault(secret: string): TwoFactorVault {
  if (secret.length < 32) throw new Error('The two-factor key must be at least 32 characters');
  const aesKey = subkey(secret, 'totp secret');
  const macKey = subkey(secret, 'recovery code');
  const keyId = subkey(secret, 'key id', 6).toString('base64url');
  const keyLegacyHash = (sha256Hex: string) =>
    `${HASH}:${keyId}:${createHmac('sha256', macKey).update(sha256Hex).digest('base64url')}`;

  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [CIPHER, keyId, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    decrypt(stored) {
      const [version, id, iv, tag, ciphertext, ...rest] = stored.split(':');
      if (version !== CIPHER || !iv || !tag || ciphertext === undefined || rest.length)
        throw new Error('Not an encrypted two-factor key');
      if (id !== keyId)
        throw new Error(`This two-factor key was encrypted with key ${id}, not the configured ${keyId}`);
      const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    // The HMAC is taken over the code's SHA-256, so hashes stored before the key can be keyed without the codes.
    hashRecoveryCode: (code) => keyLegacyHash(sha256OfCode(code)),
    keyLegacyHash,
  };
}

/**
 * Encrypts the plain base32 keys and keys the plain SHA-256 recovery-code hashes that rows from
 * before the vault hold; run at start, after the migrations. Answers how many values it changed.
 */
export async function protectTwoFactorStorage(db: Kysely<Database>, vault: TwoFactorVault): Promise<number> {
  const { admins, recoveryCodes } = await listUnprotectedTwoFactor(db, { secret: `${CIPHER}:`, hash: `${HASH}:` });
  let changed = 0;
  for (const admin of admins) {
    const protect = (value: string | null) =>
      value === null || isProtectedSecret(value) ? value : vault.encrypt(value);
    if (await replaceTotpSecrets(db, admin, { secret: protect(admin.secret), pending: protect(admin.pending) }))
      changed += 1;
  }
  for (const code of recoveryCodes) {
    if (await replaceRecoveryCodeHash(db, code.id, code.hash, vault.keyLegacyHash(code.hash))) changed += 1;
  }
  return changed;
}
