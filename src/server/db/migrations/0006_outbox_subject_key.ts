import { sql, type Kysely } from 'kysely';

// Who each mail is about (normalised e-mail), so erasure deletes exactly that person's mail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('subject_key', 'text').execute();
  await db.schema.createIndex('outbox_subject_key_idx').on('outbox').column('subject_key').execute();
  await backfillOutboxSubjects(db);
}

/**
 * Best-effort subject of mails queued before `subject_key` existed: the recipient of the mails
 * sent to the person (receipt, status, reset link), the Reply-To of a contact notice (the
 * sender), and the `E-mail:` line the new-application notice to the hiring team carries. A
 * row where none is found keeps NULL and leaves with the mail retention (RETENTION_DAYS_MAILS).
 */
export async function backfillOutboxSubjects(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set subject_key = lower(trim(recipient))
    where kind in ('application_received', 'status_changed', 'password_reset')`.execute(db);
  await sql`update outbox set subject_key = lower(trim(reply_to))
    where kind = 'new_contact' and reply_to is not null`.execute(db);
  const { rows } = await sql<{ id: number; text_body: string }>`select id, text_body from outbox
    where kind = 'new_application'`.execute(db);
  for (const row of rows) {
    const email = /^E-mail: (\S+@\S+)$/m.exec(row.text_body)?.[1];
    if (email)
      await sql`update outbox set subject_key = ${email.trim().toLowerCase()} where id = ${row.id}`.execute(db);
  }
}
