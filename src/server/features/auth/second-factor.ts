import type { Kysely } from 'kysely';
import { acceptTotpStep, useRecoveryCode, type Database } from '../../db';
import type { AdminRow } from '../../db/schema';
import { hashRecoveryCode, isTotpCode, totpStep } from './totp';

/**
 * Checks a second factor of an admin who has two-factor sign-in on: a six-digit code of the
 * current, previous or next step that is later than the last accepted one (recorded at once, so
 * it never works twice), or an unused recovery code (used up at once).
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  admin: Pick<AdminRow, 'id' | 'totp_secret'>,
  code: string,
  now: Date,
): Promise<'code' | 'recovery' | 'wrong'> {
  const id = Number(admin.id);
  if (!admin.totp_secret) return 'wrong';
  if (isTotpCode(code)) {
    const step = totpStep(admin.totp_secret, code, now);
    return step !== null && (await acceptTotpStep(db, id, step)) ? 'code' : 'wrong';
  }
  return (await useRecoveryCode(db, id, hashRecoveryCode(code), now)) ? 'recovery' : 'wrong';
}
