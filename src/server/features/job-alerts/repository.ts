import type { Kysely } from 'kysely';
import { sameDepartment } from '~/lib/departments';
import type { Database, JobAlertRow } from '../../db';

const DAY_MS = 86_400_000;
const daysAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/** The same alert: the same address and the same department (or both for every vacancy). */
const sameScope = (a: string | null, b: string | null) => (a === null || b === null ? a === b : sameDepartment(a, b));

/** Stores an unconfirmed alert and the hash of its first token; the alert lasts `days` unless confirmed. */
export async function insertJobAlert(
  db: Kysely<Database>,
  alert: { email: string; emailKey: string; department: string | null },
  tokenHash: string,
  now: Date,
  days: number,
): Promise<void> {
  const { id } = await db
    .insertInto('job_alerts')
    .values({
      email: alert.email,
      email_key: alert.emailKey,
      department: alert.department,
      created_at: now.toISOString(),
      confirmed_at: null,
      expires_at: daysAfter(now, days),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertAlertTokens(db, [{ alertId: Number(id), tokenHash }], now);
}

/** Whether an unconfirmed alert of the address was asked for after `since` (its confirmation is still waiting). */
export async function hasPendingJobAlert(db: Kysely<Database>, emailKey: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_alerts')
    .select('id')
    .where('email_key', '=', emailKey)
    .where('confirmed_at', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The alert a token hash opens, or null (unknown, unsubscribed, past its expiry or idle since
 * `usedSince` alike; null: however long idle). A token that opens its alert counts as used `now`.
 */
export async function findJobAlertByToken(
  db: Kysely<Database>,
  tokenHash: string,
  usedSince: string | null,
  now: Date,
): Promise<JobAlertRow | null> {
  let query = db
    .selectFrom('job_alert_tokens')
    .innerJoin('job_alerts', 'job_alerts.id', 'job_alert_tokens.alert_id')
    .selectAll('job_alerts')
    .where('job_alert_tokens.token_hash', '=', tokenHash)
    .where('job_alerts.expires_at', '>', now.toISOString());
  if (usedSince !== null) query = query.where('job_alert_tokens.last_used_at', '>', usedSince);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('job_alert_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
  return { ...row, id: Number(row.id) };
}

/**
 * Confirms (or renews) an alert for `days` from now, and deletes the address's other alerts for
 * the same department, so one address never gets two mails about one vacancy. Returns the new expiry.
 * Run it in a transaction.
 */
export async function confirmJobAlert(
  db: Kysely<Database>,
  alert: JobAlertRow,
  now: Date,
  days: number,
): Promise<string> {
  const expiresAt = daysAfter(now, days);
  await db
    .updateTable('job_alerts')
    .set({ confirmed_at: now.toISOString(), expires_at: expiresAt, reminded_at: null })
    .where('id', '=', alert.id)
    .execute();
  const others = await db
    .selectFrom('job_alerts')
    .select(['id', 'department'])
    .where('email_key', '=', alert.email_key)
    .where('id', '!=', alert.id)
    .execute();
  const twins = others.filter((o) => sameScope(o.department, alert.department)).map((o) => Number(o.id));
  if (twins.length) await db.deleteFrom('job_alerts').where('id', 'in', twins).execute();
  return expiresAt;
}

/** Deletes an alert with its tokens; false when it was already gone. */
export async function deleteJobAlert(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('job_alerts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The confirmed, unexpired alerts a vacancy of `department` matches: that department's and every-vacancy ones. */
export async function alertsMatching(db: Kysely<Database>, department: string, now: Date): Promise<JobAlertRow[]> {
  const rows = await db
    .selectFrom('job_alerts')
    .selectAll()
    .where('confirmed_at', 'is not', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => r.department === null || sameDepartment(r.department, department))
    .map((r) => ({ ...r, id: Number(r.id) }));
}

/** Stores one more token per alert, the hash of the one its next mail carries. */
export async function insertAlertTokens(
  db: Kysely<Database>,
  tokens: readonly { alertId: number; tokenHash: string }[],
  now: Date,
): Promise<void> {
  if (!tokens.length) return;
  await db
    .insertInto('job_alert_tokens')
    .values(
      tokens.map((t) => ({
        token_hash: t.tokenHash,
        alert_id: t.alertId,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
      })),
    )
    .execute();
}

/** Confirmed alerts that end within `days` of `now` and have had no reminder since their last renewal. */
export async function alertsEndingSoon(db: Kysely<Database>, now: Date, days: number): Promise<JobAlertRow[]> {
  const rows = await db
    .selectFrom('job_alerts')
    .selectAll()
    .where('confirmed_at', 'is not', null)
    .where('reminded_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('expires_at', '<=', daysAfter(now, days))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Marks the alerts reminded unless another run marked them first (so two servers running it at
 * once send one reminder); returns the ids this call marked. Run it in a transaction.
 */
export async function markReminded(db: Kysely<Database>, alertIds: readonly number[], now: Date): Promise<Set<number>> {
  const marked = await db
    .updateTable('job_alerts')
    .set({ reminded_at: now.toISOString() })
    .where('id', 'in', alertIds)
    .where('reminded_at', 'is', null)
    .returning('id')
    .execute();
  return new Set(marked.map((row) => Number(row.id)));
}
