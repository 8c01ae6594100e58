import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { MAIL_KINDS } from '~/lib/schemas/outbox';
import { isDbId } from './ids';
import type { Database, DbKind, MailKind, OutboxRow, OutboxStatus } from './schema';

/** A mail ready to queue: rendered, addressed, with its Message-ID fixed once. */
export type NewMail = {
  kind: MailKind;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The normalised e-mail address of the person the mail is about, for exact erasure. */
  subjectKey?: string | undefined;
  /** An iCalendar invitation the mail carries (RFC 5546), sent as a text/calendar part and an .ics file. */
  calendar?: string | undefined;
  /** The https URL that unsubscribes in one POST (RFC 8058), sent as `List-Unsubscribe`. */
  listUnsubscribe?: string | undefined;
  /** The vacancy the mail announces: closing or deleting it withdraws the mail while it waits. */
  jobId?: number | undefined;
};

/** Mails an undoable action queues: tagged for the undo, and not sent before it can no longer come. */
export type UndoHold = { tag: string; until: Date };

/**
 * Queues mails. Pass the transaction that writes the data they report, so both commit or
 * neither does.
 */
export async function enqueueMails(
  db: Kysely<Database>,
  mails: readonly NewMail[],
  now: Date,
  hold?: UndoHold,
): Promise<void> {
  if (mails.length === 0) return;
  const stamp = now.toISOString();
  await db
    .insertInto('outbox')
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        recipient: mail.to,
        reply_to: mail.replyTo ?? null,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        message_id: mail.messageId,
        subject_key: mail.subjectKey ?? null,
        calendar: mail.calendar ?? null,
        list_unsubscribe: mail.listUnsubscribe ?? null,
        job_id: mail.jobId ?? null,
        undo_tag: hold?.tag ?? null,
        next_attempt_at: hold ? hold.until.toISOString() : stamp,
        created_at: stamp,
      })),
    )
    .execute();
}

/**
 * Deletes the mails an undone action queued (by their tags) if none of them has gone out or is going out;
 * false (nothing deleted) when one has: the undo comes too late.
 */
export async function withdrawUndoneMails(
  db: Kysely<Database>,
  tags: readonly string[],
  now: Date,
): Promise<number | false> {
  if (tags.length === 0) return 0;
  const stamp = now.toISOString();
  const gone = await db
    .selectFrom('outbox')
    .select('id')
    .where('undo_tag', 'in', tags)
    .where((eb) =>
      eb.or([
        eb('status', '!=', 'pending'),
        eb.and([eb('locked_until', 'is not', null), eb('locked_until', '>', stamp)]),
      ]),
    )
    .executeTakeFirst();
  if (gone) return false;
  const result = await db.deleteFrom('outbox').where('undo_tag', 'in', tags).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the unsent mails that announce vacancy `jobId`, as it closes or is deleted: nobody is told of a
 * vacancy they can no longer apply to. A mail the worker is sending at this moment (its lease current) goes.
 */
export async function withdrawVacancyMails(db: Kysely<Database>, jobId: number, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('job_id', '=', jobId)
    .where('status', '!=', 'sent')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Leases up to `limit` due mails to `owner` until now + leaseMs; the attempt is counted when it
 * starts (`startMailAttempt`), so mails a crash leaves claimed lose none. Rows
 * leased by another instance are skipped (`FOR UPDATE SKIP LOCKED` on PostgreSQL; SQLite has a
 * single writer), and a lapsed lease (its instance died) is taken over.
 */
export async function claimDueMails(
  db: Kysely<Database>,
  kind: DbKind,
  owner: string,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const stamp = now.toISOString();
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('held_since', 'is', null)
    .where('next_attempt_at', '<=', stamp)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', stamp)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ locked_by: owner, locked_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** Counts an attempt as it starts, if `owner` still holds the lease; the row as it now stands, or null. */
export async function startMailAttempt(db: Kysely<Database>, row: OutboxRow, owner: string): Promise<OutboxRow | null> {
  const started = await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('locked_by', '=', owner)
    .returningAll()
    .executeTakeFirst();
  return started ?? null;
}

/**
 * Owners whose leases are still running: the worker of a process that stopped without giving its
 * mails back (a crash, kill -9) is among them until its leases lapse.
 */
export async function leaseOwners(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('locked_by')
    .distinct()
    .where('status', '=', 'pending')
    .where('locked_until', '>', now.toISOString())
    .execute();
  return rows.flatMap((row) => (row.locked_by ? [row.locked_by] : []));
}

/** Ends every lease `owner` holds, at once: its mails are due again. */
export async function endLeasesOf(db: Kysely<Database>, owner: string): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ locked_by: null, locked_until: null })
    .where('locked_by', '=', owner)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What is kept of the body of a mail that carried a single-use link. */
const LINK_REMOVED = '(removed: the mail carried a link that gives access)';
const removedBody = { text_body: LINK_REMOVED, html_body: LINK_REMOVED, calendar: null, list_unsubscribe: null };

/** Records a delivery, if `owner` still holds the lease. */
export async function markMailSent(db: Kysely<Database>, row: OutboxRow, owner: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      ...(MAIL_KINDS[row.kind].linkLifetimeMs === null ? {} : removedBody),
    })
    .where('id', '=', row.id)
    .where('locked_by', '=', owner)
    .execute();
}

/**
 * Mails queued since `keptSince` whose link expired before `now` and whose body still holds it,
 * but for one being sent right now (pending under a running lease): its attempt finishes first.
 */
function expiredLinkBodies(now: Date, keptSince: string) {
  const stamp = now.toISOString();
  return (eb: ExpressionBuilder<Database, 'outbox'>): Expression<SqlBool> =>
    eb.and([
      eb('created_at', '>=', keptSince),
      eb.or(
        Object.entries(MAIL_KINDS).flatMap(([kind, { linkLifetimeMs: lifetime }]) =>
          lifetime === null || lifetime === Infinity
            ? []
            : [
                eb.and([
                  eb('kind', '=', kind as MailKind),
                  eb('created_at', '<', new Date(now.getTime() - lifetime).toISOString()),
                ]),
              ],
        ),
      ),
      eb('text_body', '!=', LINK_REMOVED),
      eb.or([eb('status', '!=', 'pending'), eb('locked_until', 'is', null), eb('locked_until', '<=', stamp)]),
    ]);
}

/**
 * Removes the body of every mail whose single-use link has expired: failed, held, never sent, or
 * delivered before bodies were removed on delivery. One not sent yet becomes failed, as its link
 * could no longer work. Mails queued before `keptSince` are left to retention, which deletes them.
 * How many bodies were removed (with `dryRun`, would be).
 */
export async function removeExpiredLinks(
  db: Kysely<Database>,
  now: Date,
  keptSince: string,
  dryRun: boolean,
): Promise<number> {
  const expired = expiredLinkBodies(now, keptSince);
  if (dryRun) {
    const row = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(expired)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  await db
    .updateTable('outbox')
    .set({ status: 'failed', last_error: 'The link expired before the mail was sent.', held_since: null })
    .where(expired)
    .where('status', '=', 'pending')
    .execute();
  const result = await db.updateTable('outbox').set(removedBody).where(expired).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Records a failed attempt (`row` as `startMailAttempt` returned it): pending again after the next
 * delay, or failed when the refusal was permanent or every delay has been used (attempts = delays + 1).
 */
export async function markMailAttemptFailed(
  db: Kysely<Database>,
  row: OutboxRow,
  owner: string,
  failure: { error: string; permanent: boolean },
  now: Date,
  retryDelaysMs: readonly number[],
): Promise<OutboxStatus> {
  const delay = failure.permanent ? undefined : retryDelaysMs[Number(row.attempts) - 1];
  const status: OutboxStatus = delay === undefined ? 'failed' : 'pending';
  const error = failure.error;
  await db
    .updateTable('outbox')
    .set({
      status,
      last_error: error.slice(0, 1000),
      next_attempt_at: new Date(now.getTime() + (delay ?? 0)).toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', row.id)
    .where('locked_by', '=', owner)
    .execute();
  return status;
}

/** Gives back leased mails that were not tried (clean stop). */
export async function releaseMails(db: Kysely<Database>, rows: readonly OutboxRow[], owner: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ locked_by: null, locked_until: null })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('locked_by', '=', owner)
    .execute();
}

/**
 * Holds every pending mail until an admin releases or discards it: after a restore, the backup's
 * pending mails may have gone out since it was taken. How many were held.
 */
export async function holdPendingMails(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ held_since: now.toISOString(), locked_by: null, locked_until: null })
    .where('status', '=', 'pending')
    .where('held_since', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Held mails are sent after all (due now), or deleted unsent; how many. */
export async function settleHeldMails(db: Kysely<Database>, action: 'release' | 'discard', now: Date): Promise<number> {
  const result =
    action === 'release'
      ? await db
          .updateTable('outbox')
          .set({ held_since: null, next_attempt_at: now.toISOString() })
          .where('held_since', 'is not', null)
          .executeTakeFirst()
      : await db.deleteFrom('outbox').where('held_since', 'is not', null).executeTakeFirst();
  return Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows);
}

/** What admins see of a mail: no body (it may hold personal data or a reset link). */
export type OutboxEntry = {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  heldSince: string | null;
};

/** The newest `limit` mails, newest first. */
export async function listOutbox(db: Kysely<Database>, limit: number): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'recipient',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'next_attempt_at',
      'held_since',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    nextAttemptAt: r.next_attempt_at,
    heldSince: r.held_since,
  }));
}

/** Mails per status (held ones apart from pending), and the creation time of the oldest pending one. */
export async function outboxStats(
  db: Kysely<Database>,
): Promise<{ counts: Record<OutboxStatus | 'held', number>; oldestPendingAt: string | null }> {
  const perStatus = db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('held_since', 'is', null)
    .groupBy('status')
    .execute();
  const held = db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('held_since', 'is not', null)
    .executeTakeFirstOrThrow();
  const [rows, heldRow] = await Promise.all([perStatus, held]);
  const counts: Record<OutboxStatus | 'held', number> = { pending: 0, sent: 0, failed: 0, held: Number(heldRow.n) };
  let oldestPendingAt: string | null = null;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    if (row.status === 'pending') oldestPendingAt = row.oldest;
  }
  return { counts, oldestPendingAt };
}

export async function getOutboxStatus(db: Kysely<Database>, id: number): Promise<OutboxStatus | null> {
  if (!isDbId(id)) return null;
  const row = await db.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Failed mails go back to pending, due now, with a fresh series of attempts: the one `id`, or every
 * failed mail but those whose link was removed (sending them would deliver no link). How many did.
 */
export async function retryFailedMails(db: Kysely<Database>, id: number | 'all', now: Date): Promise<number> {
  if (id !== 'all' && !isDbId(id)) return 0;
  let query = db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString() })
    .where('status', '=', 'failed')
    .where('text_body', '!=', LINK_REMOVED);
  if (id !== 'all') query = query.where('id', '=', id);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}
