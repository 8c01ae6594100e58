import type { Kysely } from 'kysely';
import type { ContactInput } from '~/lib/schemas/contact';
import type { ContactMessage } from '~/lib/schemas/message';
import { isDbId, type ContactMessageRow, type Database } from '../../db';

function toMessage({ handled_at, ...row }: ContactMessageRow): ContactMessage {
  return { ...row, id: Number(row.id), handledAt: handled_at };
}

/** Stores a contact message. */
export async function insertMessage(db: Kysely<Database>, input: ContactInput, now: Date): Promise<ContactMessage> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...input, created_at: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toMessage(row);
}

/** Every message, newest first. */
export async function listMessages(db: Kysely<Database>): Promise<ContactMessage[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toMessage);
}

export async function deleteMessage(db: Kysely<Database>, id: number): Promise<boolean> {
  if (!isDbId(id)) return false;
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Marks a message handled (now) or not handled again; null when it does not exist. */
export async function setMessageHandled(
  db: Kysely<Database>,
  id: number,
  handled: boolean,
  now = new Date(),
): Promise<ContactMessage | null> {
  if (!isDbId(id)) return null;
  const row = await db
    .updateTable('contact_messages')
    .set({ handled_at: handled ? now.toISOString() : null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toMessage(row) : null;
}
