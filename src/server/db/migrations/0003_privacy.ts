import { sql, type Kysely } from 'kysely';
import { autoId, type Dialect } from './dialect';

// Consent record and last status change per applicant (retention counts from it); the audit trail.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  for (const column of ['status_changed_at', 'consent_at', 'consent_version']) {
    await db.schema.alterTable('applicants').addColumn(column, 'text').execute();
  }
  await sql`update applicants set status_changed_at = applied_at`.execute(db);
  await db.schema
    .createIndex('applicants_status_changed_idx')
    .on('applicants')
    .columns(['status', 'status_changed_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', autoId(kind))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('admin_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_type', 'subject_id'])
    .execute();
  // Append-only below the app too: rows may be inserted, and deleted by retention, never changed.
  if (kind === 'sqlite') {
    await sql`create trigger audit_log_append_only before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  } else {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as
      $$ begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  }
}
