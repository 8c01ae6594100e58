import type { Kysely } from 'kysely';

// A move or a bulk action can be taken back for a few seconds: what it changed is kept until then, and the
// mails it queued carry a tag (the action's token and the applicant's id) so an undo withdraws exactly those.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_undos')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'integer', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('outbox').addColumn('undo_tag', 'text').execute();
  await db.schema.createIndex('outbox_undo_tag').on('outbox').column('undo_tag').execute();
}
