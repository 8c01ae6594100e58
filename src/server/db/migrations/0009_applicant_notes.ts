import type { Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Notes on applicants; they go with the applicant (erasure, retention, deletion).
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('applicant_notes')
    .addColumn('id', autoId(kind))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('applicants.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applicant_notes_applicant_idx')
    .on('applicant_notes')
    .columns(['applicant_id', 'created_at'])
    .execute();
}
