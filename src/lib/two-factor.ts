/** Two-factor sign-in (TOTP): texts and payloads shared by the login page, the account menu and the API. */
import { z } from 'zod/mini';
import { PASSWORD_MAX } from './limits';

export const RECOVERY_CODE_COUNT = 10;
/** Wrong sign-in codes (six-digit or recovery) one account may collect per window, from every address together. */
export const SECOND_FACTOR_FAILURES_MAX = 10;
export const SECOND_FACTOR_WINDOW_MINUTES = 15;

export const twoFactorMessages = {
  codeRequired: 'Enter the six-digit code from your authenticator app',
  codeInvalid: 'That code is not right, or was already used',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  noPending: 'Start the set-up again: no key is waiting for a code',
  alreadyOn: 'Two-factor sign-in is already on',
  notOn: 'Two-factor sign-in is not on',
  requiredByTeam: 'Your team requires two-factor sign-in: it stays on',
  tooMany: 'Too many codes tried. Please wait a few minutes.',
  passwordRequired: 'Enter your current password',
  passwordWrong: 'That is not your current password',
} as const;

/** A code typed by a person: six digits, or a recovery code like 'abcd-efgh'. */
const codeSchema = z
  .string({ error: twoFactorMessages.codeRequired })
  .check(z.trim(), z.minLength(1, twoFactorMessages.codeRequired), z.maxLength(32, twoFactorMessages.codeInvalid));

/** Turning two-factor sign-in on or off takes the current password: a session alone is not enough. */
const passwordSchema = z
  .string({ error: twoFactorMessages.passwordRequired })
  .check(
    z.minLength(1, twoFactorMessages.passwordRequired),
    z.maxLength(PASSWORD_MAX, twoFactorMessages.passwordWrong),
  );

/** `POST /api/account/2fa/setup`. */
export const passwordBodySchema = z.object({ password: passwordSchema });
/** `POST /api/account/2fa/confirm` and `/disable`. */
export const codeBodySchema = z.object({ code: codeSchema, password: passwordSchema });

/** `GET /api/account/2fa`. */
export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number; requiredByTeam: boolean };
/** `POST /api/account/2fa/setup`: the key as text and the otpauth:// URI the QR code draws. */
export type TwoFactorSetup = { secret: string; uri: string };
/**
 * `POST /api/account/2fa/confirm`: the recovery codes, shown once, and a new token for this
 * session (turning it on ends every session of the account, this one's old token included).
 */
export type TwoFactorEnabled = { message: string; recoveryCodes: string[]; token: string };

/** 'JBSWY3DPEHPK3PXP' → 'JBSW Y3DP EHPK 3PXP', for typing into an authenticator on the same phone. */
export const groupKey = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
