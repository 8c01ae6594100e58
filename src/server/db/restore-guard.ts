import { existsSync, rmSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { reapplyErasures } from './erasure-ledger';
import { holdPendingMails } from './outbox';
import type { Database, DbKind } from './schema';

/** Left in DATA_DIR by `npm run admin -- restore`; the first start after it holds the mails and removes it. */
export const RESTORED_MARKER = 'restored-from-backup';

/** True once, for the first caller after a restore into this DATA_DIR: it takes the marker away. */
export function takeRestoredMarker(file: string): boolean {
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

/**
 * What a start does before serving and sending anything, for a database that may be a restored
 * backup: erases again everyone on the erasure ledger and deletes again the job alerts unsubscribed
 * on it, and, right after a restore, holds the mails the backup had pending (they may have gone out
 * since) until an owner decides.
 */
export async function guardRestoredData(
  db: Kysely<Database>,
  kind: DbKind,
  options: { ledger: string | null; restored: boolean },
  now: Date,
): Promise<{ erasedAgain: number; unsubscribedAgain: number; held: number }> {
  const again = await reapplyErasures({ db, kind, file: options.ledger });
  const held = options.restored ? await holdPendingMails(db, now) : 0;
  return { erasedAgain: again.people, unsubscribedAgain: again.alerts, held };
}
