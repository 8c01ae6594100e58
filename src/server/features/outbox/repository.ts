import type { Kysely } from 'kysely';
import type { MailKind } from '~/lib/schemas/outbox';
import { isDbId, type Database } from '../../db';

/** A mail's kind and plain-text body, or null when there is no such mail. */
export async function getMailText(db: Kysely<Database>, id: number): Promise<{ kind: MailKind; text: string } | null> {
  if (!isDbId(id)) return null;
  const row = await db.selectFrom('outbox').select(['kind', 'text_body']).where('id', '=', id).executeTakeFirst();
  return row ? { kind: row.kind, text: row.text_body } : null;
}
