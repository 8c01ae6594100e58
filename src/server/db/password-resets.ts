import type { Kysely, Transaction } from 'kysely';
import { enqueueMails, type NewMail } from './outbox';
import type { Database } from './schema';

/** Marks every unused reset link of an admin as used: a completed reset voids the others. */
export async function voidOpenResets(trx: Transaction<Database>, adminId: number, stamp: string): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: stamp })
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Stores a reset token's hash for `adminId` and queues the mail carrying the link, in one
 * transaction. Earlier open links stay valid: a request (anyone may send one) never cancels the
 * link the admin is about to use; the reset itself voids them all.
 */
export async function createPasswordReset(
  db: Kysely<Database>,
  adminId: number,
  tokenHash: string,
  expiresAt: Date,
  mail: NewMail,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('password_resets')
      .values({ admin_id: adminId, token_hash: tokenHash, created_at: stamp, expires_at: expiresAt.toISOString() })
      .execute();
    await enqueueMails(trx, [mail], now);
  });
}

/**
 * Uses the link whose token hashes to `tokenHash`, if it is unused and unexpired: sets the new
 * password hash, bumps token_version (every session signed before answers 401) and voids every
 * other link of that admin. Returns the admin's id and whether the link was an invitation, or null
 * for an unknown, used or expired link.
 */
export async function consumePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  account: { passwordHash: string; displayName?: string | undefined },
  now: Date,
): Promise<{ adminId: number; invitation: boolean } | null> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: stamp })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', stamp)
      .returning(['admin_id', 'invited_by'])
      .executeTakeFirst();
    if (!used) return null;
    const adminId = Number(used.admin_id);
    await voidOpenResets(trx, adminId, stamp);
    await trx
      .updateTable('admins')
      .set((eb) => ({
        password_hash: account.passwordHash,
        token_version: eb('token_version', '+', 1),
        ...(account.displayName ? { display_name: account.displayName } : {}),
      }))
      .where('id', '=', adminId)
      .execute();
    return { adminId, invitation: used.invited_by !== null };
  });
}
