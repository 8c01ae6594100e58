import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '~/lib/two-factor';
import { site } from '~/site';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. */
const PERIOD = 30;
const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: site.name,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
  });

/** A new 160-bit key, base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code carries. */
export const totpUri = (secret: string, email: string): string => totpFor(secret, email).toString();

/**
 * The 30-second step of `code` if it is right for the step of `now`, the one before or the one
 * after (clock drift); null otherwise. The caller still refuses a step already used.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpFor(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** Recovery codes: 'xxxx-xxxx' from an alphabet without look-alikes (about 40 bits each). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 8;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** A six-digit code is a TOTP code; anything else is tried as a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);
