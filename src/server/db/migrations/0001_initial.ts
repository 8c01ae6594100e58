import { sql, type Kysely } from 'kysely';
import { autoId, bytes, type Dialect } from './dialect';

export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', autoId(kind))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', autoId(kind))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('job_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('salary_range', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_created_at_idx').on('jobs').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('applicants')
    .addColumn('id', autoId(kind))
    .addColumn('job_id', 'integer', (c) => c.notNull())
    .addColumn('job_title', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('linkedin', 'text')
    .addColumn('cover_letter', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'shortlisted', 'rejected')`),
    )
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('applicants_job_email_unique', ['job_id', 'email_key'])
    .execute();
  await db.schema.createIndex('applicants_applied_at_idx').on('applicants').columns(['applied_at', 'id']).execute();

  await db.schema
    .createTable('resumes')
    .addColumn('applicant_id', 'integer', (c) => c.primaryKey().references('applicants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('data', bytes(kind), (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', autoId(kind))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_created_at_idx')
    .on('contact_messages')
    .columns(['created_at', 'id'])
    .execute();
}
