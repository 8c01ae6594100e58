import type { Kysely } from 'kysely';
import { DEADLINE_STAGES } from '~/lib/stage-deadlines';
import type { Role } from '~/lib/team';
import { applicantFields, enqueueMails, type Database, type NewMail } from '../../db';
import type { Applicant } from '~/lib/schemas/applicant';

/** Every applicant in a stage with a deadline (the ones the team still owes an answer). */
export async function applicantsInDeadlineStages(db: Kysely<Database>): Promise<Omit<Applicant, 'resume'>[]> {
  const rows = await db
    .selectFrom('applicants')
    .selectAll()
    .where('status', 'in', [...DEADLINE_STAGES])
    .execute();
  return rows.map(applicantFields);
}

/** The e-mail addresses and roles of the whole team. */
export async function teamAddresses(db: Kysely<Database>): Promise<{ email: string; role: Role }[]> {
  return db.selectFrom('admins').select(['email', 'role']).orderBy('id').execute();
}

/**
 * Queues the applicant's update for the stage that began at `stageStartedAt`, unless one was queued for it:
 * the conditional UPDATE and the mail share a transaction, so a second instance finds the row marked.
 */
export async function queueOverdueUpdate(
  db: Kysely<Database>,
  applicant: { id: number; status: Applicant['status']; stageStartedAt: string },
  mail: NewMail,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('applicants')
      .set({ overdue_update_for: applicant.stageStartedAt })
      .where('id', '=', applicant.id)
      .where('status', '=', applicant.status)
      .where((eb) =>
        eb.or([eb('overdue_update_for', 'is', null), eb('overdue_update_for', '!=', applicant.stageStartedAt)]),
      )
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    await enqueueMails(trx, [mail], now);
    return true;
  });
}

/** Queues the day's digest unless another instance did: the day's key is unique. */
export async function queueDigest(db: Kysely<Database>, day: string, mails: readonly NewMail[], now: Date) {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('overdue_digests')
      .values({ day, queued_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
    await enqueueMails(trx, mails, now);
    return true;
  });
}

/** The mails that answer an applicant (not the automatic receipt, their links or the overdue update). */
const REPLY_KINDS = ['status_changed', 'applicant_message', 'interview_invitation'] as const;

/** Each application since `since`, with its first stage change or reply mail sent after it; null before any. */
export async function firstRepliesSince(
  db: Kysely<Database>,
  since: string,
): Promise<{ appliedAt: string; repliedAt: string | null }[]> {
  const applications = await db
    .selectFrom('applicants')
    .select(['id', 'applied_at', 'email_key'])
    .where('applied_at', '>=', since)
    .execute();
  if (!applications.length) return [];
  const changes = await db
    .selectFrom('audit_log')
    .select(['subject_id', (eb) => eb.fn.min<string>('at').as('first')])
    .where('action', '=', 'applicant.status_changed')
    .where('subject_type', '=', 'applicant')
    .where('at', '>=', since)
    .groupBy('subject_id')
    .execute();
  const firstChange = new Map(changes.map((c) => [Number(c.subject_id), c.first]));
  const mails = await db
    .selectFrom('outbox')
    .select(['subject_key', 'sent_at'])
    .where('status', '=', 'sent')
    .where('kind', 'in', [...REPLY_KINDS])
    .where('sent_at', '>=', since)
    .execute();
  return applications.map((a) => {
    const replies = mails
      .filter((m) => m.subject_key === a.email_key && m.sent_at !== null && m.sent_at >= a.applied_at)
      .map((m) => m.sent_at as string);
    const change = firstChange.get(Number(a.id));
    const first = [...replies, ...(change ? [change] : [])].toSorted()[0] ?? null;
    return { appliedAt: a.applied_at, repliedAt: first };
  });
}
