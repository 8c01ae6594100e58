import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Keeps a new key for the admin until they confirm it with a code; the current one (if any) stays. */
export async function startTotpEnrolment(db: Kysely<Database>, id: number, secret: string): Promise<void> {
  await db.updateTable('admins').set({ totp_pending_secret: secret }).where('id', '=', id).execute();
}

/**
 * Makes the pending key the admin's key (only while it is still `secret`), records the step of the
 * confirming code as used, replaces their recovery codes and bumps their token version (every
 * session ends; the caller issues a new token for the one that confirmed), in one transaction.
 * Answers the new token version, or null when the pending key changed meanwhile.
 */
export async function confirmTotpEnrolment(
  db: Kysely<Database>,
  id: number,
  secret: string,
  step: number,
  codeHashes: readonly string[],
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('admins')
      .set((eb) => ({
        totp_secret: secret,
        totp_pending_secret: null,
        totp_last_step: step,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', id)
      .where('totp_pending_secret', '=', secret)
      .returning('token_version')
      .executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
    await trx
      .insertInto('admin_recovery_codes')
      .values(codeHashes.map((code_hash) => ({ admin_id: id, code_hash, used_at: null })))
      .execute();
    return Number(row.token_version);
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

/**
 * Counts one second-factor check for the admin in a fixed window of `windowMs` (a window past its
 * end restarts), in the database so every instance counts the same; answers the count so far.
 */
export async function countSecondFactorCheck(
  db: Kysely<Database>,
  id: number,
  windowMs: number,
  now: Date,
): Promise<{ failures: number; windowEndsAt: number }> {
  const at = now.getTime();
  const { rows } = await sql<{ failures: number | string; window_ends_at: number | string }>`
    insert into second_factor_failures (admin_id, failures, window_ends_at) values (${id}, 1, ${at + windowMs})
    on conflict (admin_id) do update set
      failures = case when second_factor_failures.window_ends_at <= ${at} then 1
        else second_factor_failures.failures + 1 end,
      window_ends_at = case when second_factor_failures.window_ends_at <= ${at} then excluded.window_ends_at
        else second_factor_failures.window_ends_at end
    returning failures, window_ends_at`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('second_factor_failures upsert returned no row');
  return { failures: Number(row.failures), windowEndsAt: Number(row.window_ends_at) };
}

/** Takes back the count of a check whose code was right: only wrong codes stay counted. */
export async function forgiveSecondFactorCheck(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('second_factor_failures')
    .set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('admin_id', '=', id)
    .where('failures', '>', 0)
    .execute();
}

/** Rows from before the two-factor key: keys and recovery-code hashes without the vault's prefixes. */
export async function listUnprotectedTwoFactor(
  db: Kysely<Database>,
  prefixes: { secret: string; hash: string },
): Promise<{
  admins: { id: number; secret: string | null; pending: string | null }[];
  recoveryCodes: { id: number; hash: string }[];
}> {
  const admins = await db
    .selectFrom('admins')
    .select(['id', 'totp_secret', 'totp_pending_secret'])
    .where((eb) => eb.or([eb('totp_secret', 'not like', 'v1:%'), eb('totp_pending_secret', 'not like', 'v1:%')]))
    .execute();
  const recoveryCodes = await db
    .selectFrom('admin_recovery_codes')
    .select(['id', 'code_hash'])
    .where('code_hash', 'not like', `${prefixes.hash}%`)
    .execute();
  return {
    admins: admins.map((a) => ({ id: Number(a.id), secret: a.totp_secret, pending: a.totp_pending_secret })),
    recoveryCodes: recoveryCodes.map((r) => ({ id: Number(r.id), hash: r.code_hash })),
  };
}

/** Replaces an admin's keys, only while they are still `before` (a change meanwhile wins). */
export async function replaceTotpSecrets(
  db: Kysely<Database>,
  before: { id: number; secret: string | null; pending: string | null },
  after: { secret: string | null; pending: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ totp_secret: after.secret, totp_pending_secret: after.pending })
    .where('id', '=', before.id)
    .where((eb) =>
      eb.and([
        before.secret === null ? eb('totp_secret', 'is', null) : eb('totp_secret', '=', before.secret),
        before.pending === null
          ? eb('totp_pending_secret', 'is', null)
          : eb('totp_pending_secret', '=', before.pending),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces one recovery code's hash, only while it is still `before`. */
export async function replaceRecoveryCodeHash(
  db: Kysely<Database>,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const result = await db
    .updateTable('admin_recovery_codes')
    .set({ code_hash: after })
    .where('id', '=', id)
    .where('code_hash', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
