import type { Kysely, Transaction } from 'kysely';
import { sameDepartment } from '~/lib/departments';
import { enqueueMails, type NewMail } from './outbox';
import type { Database, JobAlertRow } from './schema';

const DAY_MS = 86_400_000;
const daysAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();

/** The same alert: the same address and the same department (or both for every vacancy). */
/** One alert's mail and the hash of the fresh token its links carry. */
export type AlertMail = { alertId: number; tokenHash: string; mail: NewMail };

const sameScope = (a: string | null, b: string | null) => (a === null || b === null ? a === b : sameDepartment(a, b));

/**
 * Stores an unconfirmed alert, the hash of its first token and the confirmation mail in one
 * transaction; the alert lasts `days` unless confirmed.
 */
export async function insertJobAlert(
  db: Kysely<Database>,
  alert: { email: string; emailKey: string; department: string | null },
  tokenHash: string,
  mail: NewMail,
  now: Date,
  days: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
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
    await trx
      .insertInto('job_alert_tokens')
      .values({
        token_hash: tokenHash,
        alert_id: Number(id),
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
      })
      .execute();
    await enqueueMails(trx, [mail], now);
  });
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
 */
export async function confirmJobAlert(
  db: Kysely<Database>,
  alert: JobAlertRow,
  now: Date,
  days: number,
): Promise<string> {
  const expiresAt = daysAfter(now, days);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('job_alerts')
      .set({ confirmed_at: now.toISOString(), expires_at: expiresAt, reminded_at: null })
      .where('id', '=', alert.id)
      .execute();
    const others = await trx
      .selectFrom('job_alerts')
      .select(['id', 'department'])
      .where('email_key', '=', alert.email_key)
      .where('id', '!=', alert.id)
      .execute();
    const twins = others.filter((o) => sameScope(o.department, alert.department)).map((o) => Number(o.id));
    if (twins.length) await trx.deleteFrom('job_alerts').where('id', 'in', twins).execute();
  });
  return expiresAt;
}

/** Deletes an alert with its tokens; false when it was already gone. */
export async function deleteJobAlert(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('job_alerts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Deletes again an alert a restored backup brought back although it was unsubscribed, with the
 * backup's unsent mails about alerts to that address: they would subscribe or mail someone who left.
 */
export async function removeRestoredJobAlert(
  db: Kysely<Database>,
  alert: { id: number; emailKey: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('job_alerts').where('id', '=', alert.id).execute();
    await trx
      .deleteFrom('outbox')
      .where('subject_key', '=', alert.emailKey)
      .where('kind', 'in', ['job_alert_confirm', 'job_alert', 'job_alert_reminder'])
      .where('status', '=', 'pending')
      .execute();
  });
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

/**
 * Stores one more token per alert and queues the mails carrying them. Call it inside the
 * transaction that publishes the vacancy, so the vacancy and its mails are saved together or not at all.
 */
export async function queueJobAlertMails(
  trx: Transaction<Database>,
  alerts: readonly AlertMail[],
  now: Date,
): Promise<void> {
  if (!alerts.length) return;
  await trx
    .insertInto('job_alert_tokens')
    .values(
      alerts.map((a) => ({
        token_hash: a.tokenHash,
        alert_id: a.alertId,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
      })),
    )
    .execute();
  await enqueueMails(
    trx,
    alerts.map((a) => a.mail),
    now,
  );
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
 * Marks the alerts reminded and queues their reminders, in one transaction. An alert another run
 * marked first is skipped, so two servers running it at once send one reminder. Returns how many went.
 */
export async function queueJobAlertReminders(
  db: Kysely<Database>,
  reminders: readonly AlertMail[],
  now: Date,
): Promise<number> {
  if (!reminders.length) return 0;
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('job_alerts')
      .set({ reminded_at: now.toISOString() })
      .where(
        'id',
        'in',
        reminders.map((r) => r.alertId),
      )
      .where('reminded_at', 'is', null)
      .returning('id')
      .execute();
    const ids = new Set(marked.map((row) => Number(row.id)));
    const due = reminders.filter((r) => ids.has(r.alertId));
    await queueJobAlertMails(trx, due, now);
    return due.length;
  });
}

/** Every alert of a normalised e-mail address, oldest first (for the person's export). */
export async function jobAlertsOf(db: Kysely<Database>, emailKey: string): Promise<JobAlertRow[]> {
  const rows = await db.selectFrom('job_alerts').selectAll().where('email_key', '=', emailKey).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Deletes alerts past their expiry (never confirmed within the week, or not renewed within the year); returns how many. */
export async function deleteExpiredJobAlerts(db: Kysely<Database>, now: Date, dryRun: boolean): Promise<number> {
  if (dryRun) {
    const row = await db
      .selectFrom('job_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const result = await db.deleteFrom('job_alerts').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
