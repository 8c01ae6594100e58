import type { Kysely, Selectable } from 'kysely';
import type { MailTemplate, TemplateInput } from '~/lib/schemas/mail-template';
import { isDbId, type Database } from '../../db';

const toTemplate = (row: Selectable<Database['mail_templates']>): MailTemplate => ({
  id: Number(row.id),
  name: row.name,
  subject: row.subject,
  body: row.body,
  updatedAt: row.updated_at,
});

/** Every template, by name. */
export async function listMailTemplates(db: Kysely<Database>): Promise<MailTemplate[]> {
  const rows = await db.selectFrom('mail_templates').selectAll().orderBy('name').orderBy('id').execute();
  return rows.map(toTemplate);
}

export async function getMailTemplate(db: Kysely<Database>, id: number): Promise<MailTemplate | null> {
  if (!isDbId(id)) return null;
  const row = await db.selectFrom('mail_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

/** The template a mail of the site starts from ('interview_slots'), or null once the team deleted it. */
export async function mailTemplateFor(db: Kysely<Database>, purpose: string): Promise<MailTemplate | null> {
  const row = await db.selectFrom('mail_templates').selectAll().where('purpose', '=', purpose).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function insertMailTemplate(db: Kysely<Database>, input: TemplateInput, now: Date): Promise<MailTemplate> {
  const at = now.toISOString();
  const row = await db
    .insertInto('mail_templates')
    .values({ ...input, created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTemplate(row);
}

/** The updated template, or null when there is none with `id`. */
export async function updateMailTemplate(
  db: Kysely<Database>,
  id: number,
  input: TemplateInput,
  now: Date,
): Promise<MailTemplate | null> {
  if (!isDbId(id)) return null;
  const row = await db
    .updateTable('mail_templates')
    .set({ ...input, updated_at: now.toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}

export async function deleteMailTemplate(db: Kysely<Database>, id: number): Promise<boolean> {
  if (!isDbId(id)) return false;
  const result = await db.deleteFrom('mail_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
