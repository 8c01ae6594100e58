import type { Context } from 'hono';
import { requestMessages } from '~/lib/schemas';
import { SECOND_FACTOR_FAILURES_MAX, SECOND_FACTOR_WINDOW_MINUTES } from '~/lib/two-factor';
import type { Runtime } from '../../config';
import {
  acceptTotpStep,
  countSecondFactorCheck,
  enqueueMails,
  forgiveSecondFactorCheck,
  useRecoveryCode,
} from '../../db';
import type { AdminRow } from '../../db/schema';
import { apiError } from '../../errors';
import { secondFactorAlertMail } from '../../mail';
import { audit } from '../../services/audit';
import { isTotpCode, totpStep } from './totp';
import { twoFactorVault } from '../../services/two-factor-vault';

export type SecondFactorResult =
  { kind: 'code' | 'recovery' | 'wrong' } | { kind: 'locked'; retryAfterSeconds: number };

const WINDOW_MS = SECOND_FACTOR_WINDOW_MINUTES * 60_000;

/** The answer while the account takes no code: 429, until the window ends. */
export function refuseWhileLocked(c: Context, retryAfterSeconds: number): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  return apiError(c, 429, requestMessages.secondFactorLocked);
}

/**
 * Checks the second factor of an admin who has two-factor sign-in on: a six-digit code of the
 * current, previous or next step that is later than the last accepted one (recorded at once, so
 * it never works twice), or an unused recovery code (used up at once). Wrong codes are counted
 * per account, from every address: past SECOND_FACTOR_FAILURES_MAX in the window no code is
 * checked, not even the right one. Only someone with the password (or a session) gets here.
 */
export function secondFactorChecker(services: Pick<Runtime, 'db' | 'config' | 'now'>) {
  const { db, config } = services;
  const vault = twoFactorVault(config.twoFactorKey);

  async function limitReached(admin: { id: number; email: string }, now: Date) {
    await audit(
      db,
      {
        action: 'two_factor.locked',
        admin,
        summary: `${SECOND_FACTOR_FAILURES_MAX} wrong two-factor codes: no code is checked for ${SECOND_FACTOR_WINDOW_MINUTES} minutes`,
      },
      now,
    );
    await enqueueMails(db, [secondFactorAlertMail(config.mail, admin.email)], now);
  }

  async function verify(stored: string, id: number, code: string, now: Date): Promise<'code' | 'recovery' | 'wrong'> {
    if (isTotpCode(code)) {
      const step = totpStep(vault.decrypt(stored), code, now);
      return step !== null && (await acceptTotpStep(db, id, step)) ? 'code' : 'wrong';
    }
    return (await useRecoveryCode(db, id, vault.hashRecoveryCode(code), now)) ? 'recovery' : 'wrong';
  }

  return async function check(
    admin: Pick<AdminRow, 'id' | 'email' | 'totp_secret'>,
    code: string,
  ): Promise<SecondFactorResult> {
    const now = services.now();
    const principal = { id: Number(admin.id), email: admin.email };
    if (!admin.totp_secret) return { kind: 'wrong' };
    // Counted before the check, so parallel guesses cannot overtake the limit; a right code is taken back.
    const window = await countSecondFactorCheck(db, principal.id, WINDOW_MS, now);
    if (window.failures > SECOND_FACTOR_FAILURES_MAX) {
      return {
        kind: 'locked',
        retryAfterSeconds: Math.max(1, Math.ceil((window.windowEndsAt - now.getTime()) / 1000)),
      };
    }
    const kind = await verify(admin.totp_secret, principal.id, code, now);
    if (kind !== 'wrong') await forgiveSecondFactorCheck(db, principal.id);
    else if (window.failures === SECOND_FACTOR_FAILURES_MAX) await limitReached(principal, now);
    return { kind };
  };
}
