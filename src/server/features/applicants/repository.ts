import type { Kysely } from 'kysely';
import {
  SCREENING_OR_LATER,
  type Applicant,
  type ApplicantStatus,
  type RejectionReason,
} from '~/lib/schemas/applicant';
import { getApplicantById, type Database } from '../../db';

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
