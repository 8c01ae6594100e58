import type { Kysely } from 'kysely';

// A vacancy can be closed (no applications, its page answers 410) and reopened; a contact
// message can be marked handled. Both are a time, null while open / unhandled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('closed_at', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
}
