import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Set on the mails a restore brought back unsent: they wait for an admin, not for the worker.
  await db.schema.alterTable('outbox').addColumn('held_since', 'text').execute();
}
