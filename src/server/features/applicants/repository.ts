import type { Kysely } from 'kysely';
import {
  SCREENING_OR_LATER,
  type Applicant,
  type ApplicantStatus,
  type RejectionReason,
} from '~/lib/schemas/applicant';
import { getApplicantById, type Database } from '../../db';
import type { UndoChange, UndoWindow } from './undo';

/** A move of one applicant between stages; `reason` is kept when `to` is rejected (and cleared otherwise). */
export type StageMove = { from: ApplicantStatus; to: ApplicantStatus; reason?: RejectionReason | null };

/**
 * Changes the status only if it is still `move.from` (so two admins racing cannot skip a check).
 * Returns the updated applicant, or null when the row changed or vanished meanwhile.
 */
export async function setApplicantStatus(
  db: Kysely<Database>,
  id: number,
  move: StageMove,
  now: Date,
): Promise<Applicant | null> {
  const result = await db
    .updateTable('applicants')
    .set((eb) => ({
      status: move.to,
      status_changed_at: now.toISOString(),
      rejection_reason: move.to === 'rejected' ? (move.reason ?? null) : null,
      ...(SCREENING_OR_LATER.includes(move.to) && {
        reached_screening_at: eb.fn.coalesce('reached_screening_at', eb.val(now.toISOString())),
      }),
    }))
    .where('id', '=', id)
    .where('status', '=', move.from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return getApplicantById(db, id);
}

/** Keeps an undoable action's changes until `window.until`, clearing the ones whose windows have closed. */
export async function insertPendingUndo(
  db: Kysely<Database>,
  window: UndoWindow,
  adminId: number,
  changes: readonly UndoChange[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('pending_undos').where('expires_at', '<=', now.toISOString()).execute();
  await db
    .insertInto('pending_undos')
    .values({
      token: window.token,
      admin_id: adminId,
      changes: JSON.stringify(changes),
      expires_at: window.until.toISOString(),
    })
    .execute();
}

/** Removes and returns the changes of action `token` if `adminId` made it and its window is open; else null. */
export async function takePendingUndo(
  db: Kysely<Database>,
  token: string,
  adminId: number,
  now: Date,
): Promise<UndoChange[] | null> {
  const row = await db
    .deleteFrom('pending_undos')
    .where('token', '=', token)
    .where('admin_id', '=', adminId)
    .where('expires_at', '>', now.toISOString())
    .returning('changes')
    .executeTakeFirst();
  // Written by insertPendingUndo from UndoChange values, never by anyone else.
  return row ? (JSON.parse(row.changes) as UndoChange[]) : null;
}

/**
 * Puts an applicant back where `move` found them (stage, reason, the stage's start, and the first reach of
 * Screening if the move was it), only if they are still as the move left them; false when they are not.
 */
export async function revertMove(
  db: Kysely<Database>,
  id: number,
  move: NonNullable<UndoChange['move']>,
): Promise<boolean> {
  const result = await db
    .updateTable('applicants')
    .set((eb) => ({
      status: move.from,
      rejection_reason: move.fromReason,
      status_changed_at: move.fromChangedAt,
      reached_screening_at: eb
        .case()
        .when('reached_screening_at', '=', move.at)
        .then(eb.val<string | null>(null))
        .else(eb.ref('reached_screening_at'))
        .end(),
    }))
    .where('id', '=', id)
    .where('status', '=', move.to)
    .where('status_changed_at', '=', move.at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
