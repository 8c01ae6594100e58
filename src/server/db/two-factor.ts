import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Keeps a new key for the admin until they confirm it with a code; the current one (if any) stays. */
export async function startTotpEnrolment(db: Kysely<Database>, id: number, secret: string): Promise<void> {
  await db.updateTable('admins').set({ totp_pending_secret: secret }).where('id', '=', id).execute();
}

/**
 * Makes the pending key the admin's key (only while it is still `secret`), records the step of the
 * confirming code as used, and replaces their recovery codes, in one transaction.
 */
export async function confirmTotpEnrolment(
  db: Kysely<Database>,
  id: number,
  secret: string,
  step: number,
  codeHashes: readonly string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('admins')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', id)
      .where('totp_pending_secret', '=', secret)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ admin_id: id, code_hash, used_at: null })))
      .execute();
    return true;
  });
}

/**
 * Accepts a code's 30-second step only if it is later than the last accepted one, atomically: the
 * same code (or an older one) never works twice, even from two requests at once.
 */
export async function acceptTotpStep(db: Kysely<Database>, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Uses one unused recovery code of the admin; false when it is unknown or already used. */
export async function useRecoveryCode(db: Kysely<Database>, id: number, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('admin_id', '=', id)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countRecoveryCodes(db: Kysely<Database>, id: number): Promise<number> {
  const row = await db
    .selectFrom('admin_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('admin_id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Turns two-factor sign-in off for the admin: key, pending key, last step and recovery codes go. */
export async function disableTotp(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
  });
}
