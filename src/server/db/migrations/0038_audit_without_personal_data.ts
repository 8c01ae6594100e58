import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './dialect';

// The trail is kept for years and outlives the people it mentions, so it keeps the action
// and the record number only: rejection reasons and team members' addresses leave the rows
// written before. The append-only trigger is lifted for this one rewrite, inside it.
export async function up(db: Kysely<unknown>, kind: Dialect): Promise<void> {
  await rewriteAuditTrail(db, kind, async () => {
    const at = (needle: string) =>
      kind === 'sqlite' ? sql<number>`instr(summary, ${needle})` : sql<number>`strpos(summary, ${needle})`;
    const rewrite = (action: string, summary: RawBuilder<string>, marker = '@') =>
      sql`update audit_log set summary = ${summary}
        where action = ${action} and ${at(marker)} > 0`.execute(db);
    const rest = (needle: string) => sql<string>`substr(summary, ${at(needle)})`;
    const member = sql<string>`'team member #' || cast(subject_id as text)`;
    await rewrite('applicant.status_changed', sql`substr(summary, 1, ${at(' (reason: ')} - 1)`, ' (reason: ');
    await rewrite('team.invited', sql`'invited ' || ${member} || ${rest(' as ')}`);
    await rewrite('team.reinvited', sql`'sent ' || ${member} || ' a new invitation link'`);
    await rewrite('team.role_changed', sql`'changed ' || ${member} || ${rest(' from ')}`);
    await rewrite('team.removed', sql`'removed ' || ${member} || ${rest(' (')}`);
    for (const action of ['admin.created', 'admin.deleted'])
      await rewrite(action, sql`substr(summary, 1, ${at(' (')} - 1) || ' with the admin CLI'`);
  });
}

/**
 * Runs `rewrite` with the audit trail's append-only trigger lifted, in one transaction: on
 * PostgreSQL the migrator's own, on SQLite (migrated outside a transaction) one of its own, so
 * the trigger is never left off.
 */
async function rewriteAuditTrail(db: Kysely<unknown>, kind: Dialect, rewrite: () => Promise<void>): Promise<void> {
  if (kind === 'postgres') {
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
    await rewrite();
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
    return;
  }
  await sql`begin immediate`.execute(db);
  try {
    await sql`drop trigger audit_log_append_only`.execute(db);
    await rewrite();
    await sql`create trigger audit_log_append_only before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
