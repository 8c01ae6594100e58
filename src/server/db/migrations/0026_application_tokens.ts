import type { Kysely } from 'kysely';

// Links to an applicant's private page: only a SHA-256 of each token; they go with the applicant.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('application_tokens_applicant_idx')
    .on('application_tokens')
    .column('applicant_id')
    .execute();
}
