import type { Kysely } from 'kysely';

// Who sent an invitation link (their e-mail), so the invitee's page can name them; null for a
// password reset link.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_resets').addColumn('invited_by', 'text').execute();
}
