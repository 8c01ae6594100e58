import type { Kysely } from 'kysely';
import type { ContactInput } from '~/lib/schemas/contact';
import type { ContactMessage } from '~/lib/schemas/message';
import type { MailSettings } from '../../config';
import { enqueueMails, type Database } from '../../db';
import { contactMails } from '../../mail';
import { insertMessage } from './repository';

/** Stores a contact message and queues the mails reporting it, in one transaction. */
export async function receiveMessage(
  db: Kysely<Database>,
  settings: MailSettings,
  input: ContactInput,
  now: Date,
): Promise<ContactMessage> {
  return db.transaction().execute(async (trx) => {
    const message = await insertMessage(trx, input, now);
    await enqueueMails(trx, contactMails(settings, message), now);
    return message;
  });
}
