import type { Kysely } from 'kysely';
import type { Applicant } from '~/lib/schemas/applicant';
import { enqueueMails, insertApplicationToken, type Database, type NewMail } from '../../db';
import { insertApplicant, type NewApplicant } from './repository';

/** The mails that report a new application, queued in the same transaction. */
export type ApplicationMails = (applicant: Applicant) => readonly NewMail[];

/**
 * Stores an application in ONE transaction: the applicant and resume, the hash of the token that
 * opens the applicant's private page (the receipt among `mails` carries the token), and the mails
 * reporting it. Either all rows exist afterwards or none does.
 */
export async function storeApplicant(
  db: Kysely<Database>,
  application: NewApplicant,
  queued: { now: Date; mails?: ApplicationMails; tokenHash?: string },
): Promise<Applicant> {
  const { now, mails, tokenHash } = queued;
  return db.transaction().execute(async (trx) => {
    const applicant = await insertApplicant(trx, application, now);
    if (tokenHash) await insertApplicationToken(trx, applicant.id, tokenHash, now);
    if (mails) await enqueueMails(trx, mails(applicant), now);
    return applicant;
  });
}
