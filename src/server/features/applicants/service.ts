import type { Kysely } from 'kysely';
import type { Applicant } from '~/lib/schemas/applicant';
import { enqueueMails, type Database, type NewMail, type UndoHold } from '../../db';
import { setApplicantStatus, type StageMove } from './repository';

/** The mails that report a change to an applicant, queued in the same transaction. */
export type ApplicantMails = (applicant: Applicant) => readonly NewMail[];

/**
 * Moves an applicant if they are still at `move.from`, queuing `mails` for the updated applicant
 * in the same transaction (held for the undo window when `hold` is given); null when the row changed or
 * vanished meanwhile.
 */
export async function moveApplicant(
  db: Kysely<Database>,
  id: number,
  move: StageMove,
  now: Date,
  mails?: ApplicantMails,
  hold?: UndoHold,
): Promise<Applicant | null> {
  return db.transaction().execute(async (trx) => {
    const applicant = await setApplicantStatus(trx, id, move, now);
    if (applicant && mails) await enqueueMails(trx, mails(applicant), now, hold);
    return applicant;
  });
}
