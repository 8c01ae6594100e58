import type { Kysely } from 'kysely';
import { LIST_VIEW_ACTIONS, type AuditAction, type AuditEntry } from '~/lib/privacy';
import type { Database } from './schema';

/** One row of the audit trail as written; `at` is an ISO timestamp. */
export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export async function insertAuditEntry(db: Kysely<Database>, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      admin_id: entry.adminId,
      admin_email: entry.adminEmail,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      summary: entry.summary,
    })
    .execute();
}

type AuditRow = {
  id: number;
  at: string;
  admin_id: number | null;
  admin_email: string | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  summary: string;
};

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at,
    adminId: row.admin_id === null ? null : Number(row.admin_id),
    adminEmail: row.admin_email,
    action: row.action as AuditAction,
    subjectType: row.subject_type as AuditEntry['subjectType'],
    subjectId: row.subject_id === null ? null : Number(row.subject_id),
    summary: row.summary,
  };
}

export type AuditQuery = {
  cursor?: number | undefined;
  action?: AuditAction | undefined;
  adminId?: number | undefined;
  /** Leave out the entries that only list records (LIST_VIEW_ACTIONS). */
  withoutListViews?: boolean | undefined;
};

/** One page of the trail, newest first; `nextCursor` is the id to continue below, or null at the end. */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditQuery,
  limit: number,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let select = db.selectFrom('audit_log').selectAll();
  if (query.cursor !== undefined) select = select.where('id', '<', query.cursor);
  if (query.action) select = select.where('action', '=', query.action);
  if (query.adminId !== undefined) select = select.where('admin_id', '=', query.adminId);
  if (query.withoutListViews) select = select.where('action', 'not in', LIST_VIEW_ACTIONS);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map(toAuditEntry);
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/** Admins who appear in the trail (also deleted ones), for the Activity filter. */
export async function auditedAdmins(db: Kysely<Database>): Promise<{ id: number; email: string }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['admin_id', 'admin_email'])
    .where('admin_id', 'is not', null)
    .where('admin_email', 'is not', null)
    .groupBy(['admin_id', 'admin_email'])
    .orderBy('admin_email')
    .execute();
  return rows.map((r) => ({ id: Number(r.admin_id), email: r.admin_email ?? '' }));
}

/** Every entry about these records (for a person's data export), oldest first. */
export async function auditEntriesAbout(
  db: Kysely<Database>,
  subjects: { type: 'applicant' | 'message'; id: number }[],
): Promise<AuditEntry[]> {
  const ids = (type: 'applicant' | 'message') => subjects.filter((s) => s.type === type).map((s) => s.id);
  const applicantIds = ids('applicant');
  const messageIds = ids('message');
  if (!applicantIds.length && !messageIds.length) return [];
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(applicantIds.length
          ? [eb.and([eb('subject_type', '=', 'applicant'), eb('subject_id', 'in', applicantIds)])]
          : []),
        ...(messageIds.length
          ? [eb.and([eb('subject_type', '=', 'message'), eb('subject_id', 'in', messageIds)])]
          : []),
      ]),
    )
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toAuditEntry);
}
