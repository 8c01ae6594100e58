import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { AUDIT_ACTIONS, privacyMessages, type AuditAction, type AuditEntry } from '~/lib/privacy';
import type { Runtime } from '../config';
import type { AdminPrincipal, AppEnv } from '../context';
import { insertAuditEntry, type Database } from '../db';

type AuditSubject = { type: NonNullable<AuditEntry['subjectType']>; id: number };

export type AuditEvent = {
  action: AuditAction;
  /** Who did it; null for the system (retention) or an unknown account's failed login. */
  admin?: AdminPrincipal | null;
  subject?: AuditSubject | null;
  /** A sentence without personal data; defaults to the action's label. */
  summary?: string;
};

/**
 * Appends one row to the audit trail. The trail is append-only: the app has no route that
 * changes or deletes rows (only retention removes old ones), and the database refuses updates.
 * Never put an applicant's name, e-mail or phone in `summary`.
 */
export async function audit(db: Kysely<Database>, event: AuditEvent, now: Date = new Date()): Promise<void> {
  await insertAuditEntry(db, {
    at: now.toISOString(),
    adminId: event.admin?.id ?? null,
    adminEmail: event.admin?.email ?? null,
    action: event.action,
    subjectType: event.subject?.type ?? null,
    subjectId: event.subject?.id ?? null,
    summary: event.summary ?? AUDIT_ACTIONS[event.action],
  });
}

/** `audit()` for a guarded route: the signed-in admin and the app's clock. */
export function auditRequest(
  services: Pick<Runtime, 'db' | 'now'>,
  c: Context<AppEnv>,
  action: AuditAction,
  details: Omit<AuditEvent, 'action' | 'admin'> = {},
): Promise<void> {
  return audit(services.db, { ...details, action, admin: c.var.admin ?? null }, services.now());
}

/** `audit()` for the applicant acting on their own private page: no account, named "the applicant". */
export function auditApplicant(
  services: Pick<Runtime, 'db' | 'now'>,
  action: AuditAction,
  applicantId: number,
  summary?: string,
): Promise<void> {
  return insertAuditEntry(services.db, {
    at: services.now().toISOString(),
    adminId: null,
    adminEmail: privacyMessages.applicantActor,
    action,
    subjectType: 'applicant',
    subjectId: applicantId,
    summary: summary ?? AUDIT_ACTIONS[action],
  });
}
