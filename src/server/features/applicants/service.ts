import type { Kysely } from 'kysely';
import type { Applicant } from '~/lib/schemas/applicant';
import { enqueueMails, insertApplicationToken, type Database, type NewMail } from '../../db';
import { insertApplicant, setApplicantStatus, type NewApplicant, type StageMove } from './repository';

/** The mails that report a change to an applicant, queued in the same transaction. */
export type ApplicantMails = (applicant: Applicant) => readonly NewMail[];

/**
 * Stores an application in ONE transaction: the applicant and resume, the hash of the token that
 * opens the applicant's private page (the receipt among `mails` carries the token), and the mails
 * reporting it. Either all rows exist afterwards or none does.
 */
export async function storeApplicant(
  db: Kysely<Database>,
  application: NewApplicant,
  queued: { now: Date; mails?: ApplicantMails; tokenHash?: string },
): Promise<Applicant> {
  const { now, mails, tokenHash } = queued;
  return db.transaction().execute(async (trx) => {
    const applicant = await insertApplicant(trx, application, now);
    if (tokenHash) await insertApplicationToken(trx, applicant.id, tokenHash, now);
    if (mails) await enqueueMails(trx, mails(applicant), now);
    return applicant;
  });
}

/**
 * Moves an applicant if they are still at `move.from`, queuing `mails` for the updated applicant
 * in the same transaction; null when the row changed or vanished meanwhile.
 */
export async function moveApplicant(
  db: Kysely<Database>,
  id: number,
  move: StageMove,
  now: Date,
  mails?: ApplicantMails,
): Promise<Applicant | null> {
  return db.transaction().execute(async (trx) => {
    const applicant = await setApplicantStatus(trx, id, move, now);
    if (applicant && mails) await enqueueMails(trx, mails(applicant), now);
    return applicant;
  });
}
