import type { Kysely } from 'kysely';
import type { Interviewer } from '~/lib/interviews';
import type { InterviewSlot } from '~/lib/schemas/interview-slots';
import type { Database } from '../../db';

/** The longest interview: an interview starting this much before a time may still run into it. */
const LONGEST_MINUTES = 480;

export type SlotTime = { startsAt: string; durationMinutes: number };

/** What clashes with a time for one of a panel: an interview or another slot, whose and when. */
export type Clash = { kind: 'interview' | 'slot'; interviewer: Interviewer; startsAt: string };

const endOf = (time: SlotTime) => new Date(new Date(time.startsAt).getTime() + time.durationMinutes * 60_000);
const earliestStart = (time: SlotTime) =>
  new Date(new Date(time.startsAt).getTime() - LONGEST_MINUTES * 60_000).toISOString();
const overlaps = (a: SlotTime, b: SlotTime) =>
  new Date(a.startsAt).getTime() < endOf(b).getTime() && new Date(b.startsAt).getTime() < endOf(a).getTime();

/**
 * The first interview (not cancelled) or slot of one of `panel` that overlaps `time`, or null;
 * `exceptSlot` is the slot being moved, which cannot clash with itself.
 */
export async function firstClash(
  db: Kysely<Database>,
  panel: readonly Interviewer[],
  time: SlotTime,
  exceptSlot: number | null = null,
): Promise<Clash | null> {
  const ids = panel.map((p) => p.id);
  const end = endOf(time).toISOString();
  const interviews = await db
    .selectFrom('interviews')
    .innerJoin('interview_panel', 'interview_panel.interview_id', 'interviews.id')
    .select(['interview_panel.admin_id', 'interviews.starts_at', 'interviews.duration_minutes'])
    .where('interview_panel.admin_id', 'in', ids)
    .where('interviews.cancelled_at', 'is', null)
    .where('interviews.starts_at', '<', end)
    .where('interviews.starts_at', '>', earliestStart(time))
    .orderBy('interviews.starts_at')
    .execute();
  const slots = await db
    .selectFrom('interview_slots')
    .innerJoin('interview_slot_panel', 'interview_slot_panel.slot_id', 'interview_slots.id')
    .select(['interview_slot_panel.admin_id', 'interview_slots.starts_at', 'interview_slots.duration_minutes'])
    .where('interview_slot_panel.admin_id', 'in', ids)
    .where('interview_slots.id', '!=', exceptSlot ?? 0)
    .where('interview_slots.starts_at', '<', end)
    .where('interview_slots.starts_at', '>', earliestStart(time))
    .orderBy('interview_slots.starts_at')
    .execute();
  const found = [
    ...interviews.map((r) => ({ kind: 'interview' as const, ...r })),
    ...slots.map((r) => ({ kind: 'slot' as const, ...r })),
  ].find((r) => overlaps(time, { startsAt: r.starts_at, durationMinutes: Number(r.duration_minutes) }));
  const interviewer = found && panel.find((p) => p.id === Number(found.admin_id));
  return found && interviewer ? { kind: found.kind, interviewer, startsAt: found.starts_at } : null;
}

/** Stores slots of one vacancy, each with the same panel and place; their ids, in order. Run it in a transaction. */
export async function insertSlots(
  db: Kysely<Database>,
  jobId: number,
  times: readonly SlotTime[],
  location: string,
  panelIds: readonly number[],
  now: Date,
): Promise<number[]> {
  const stamp = now.toISOString();
  const ids: number[] = [];
  for (const time of times) {
    const row = await db
      .insertInto('interview_slots')
      .values({
        job_id: jobId,
        starts_at: time.startsAt,
        duration_minutes: time.durationMinutes,
        location,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await db
      .insertInto('interview_slot_panel')
      .values(panelIds.map((adminId) => ({ slot_id: id, admin_id: adminId })))
      .execute();
    ids.push(id);
  }
  return ids;
}

/** Slots of a vacancy (or the given ones), earliest first, with their panels and who booked each. */
export async function slotsOf(
  db: Kysely<Database>,
  where: { jobId: number } | { ids: readonly number[] },
): Promise<InterviewSlot[]> {
  if ('ids' in where && !where.ids.length) return [];
  let query = db
    .selectFrom('interview_slots')
    .leftJoin('interviews', 'interviews.id', 'interview_slots.interview_id')
    .leftJoin('applicants', 'applicants.id', 'interview_slots.booked_by')
    .select([
      'interview_slots.id',
      'interview_slots.job_id',
      'interview_slots.starts_at',
      'interview_slots.duration_minutes',
      'interview_slots.location',
      'interview_slots.booked_by',
      'interview_slots.interview_id',
      'interviews.cancelled_at',
      'applicants.name',
    ])
    .orderBy('interview_slots.starts_at')
    .orderBy('interview_slots.id');
  query =
    'ids' in where
      ? query.where('interview_slots.id', 'in', where.ids)
      : query.where('interview_slots.job_id', '=', where.jobId);
  const rows = await query.execute();
  if (!rows.length) return [];
  const panel = await db
    .selectFrom('interview_slot_panel')
    .innerJoin('admins', 'admins.id', 'interview_slot_panel.admin_id')
    .select(['interview_slot_panel.slot_id', 'admins.id', 'admins.email', 'admins.display_name'])
    .where(
      'interview_slot_panel.slot_id',
      'in',
      rows.map((r) => Number(r.id)),
    )
    .orderBy('admins.id')
    .execute();
  return rows.map((r) => {
    // A booking whose interview the team cancelled leaves the slot free again.
    const booked = r.booked_by !== null && r.cancelled_at === null;
    return {
      id: Number(r.id),
      jobId: Number(r.job_id),
      startsAt: r.starts_at,
      durationMinutes: Number(r.duration_minutes),
      location: r.location,
      interviewers: panel
        .filter((p) => Number(p.slot_id) === Number(r.id))
        .map((p) => ({ id: Number(p.id), email: p.email, displayName: p.display_name })),
      bookedBy: booked ? { id: Number(r.booked_by), name: r.name ?? '' } : null,
      interviewId: booked ? Number(r.interview_id) : null,
    };
  });
}

/** Frees the slots whose interview was cancelled, so a conditional claim can take them. */
async function freeCancelled(db: Kysely<Database>, where: { slotId: number } | { applicantId: number }) {
  let query = db
    .updateTable('interview_slots')
    .set({ booked_by: null, interview_id: null, booked_at: null })
    .where('interview_id', 'in', (eb) =>
      eb.selectFrom('interviews').select('id').where('cancelled_at', 'is not', null),
    );
  query = 'slotId' in where ? query.where('id', '=', where.slotId) : query.where('booked_by', '=', where.applicantId);
  await query.execute();
}

/** Moves a free slot (booked ones stay put); false when it is booked or gone. */
export async function moveFreeSlot(
  db: Kysely<Database>,
  slotId: number,
  change: SlotTime & { location: string },
  now: Date,
): Promise<boolean> {
  await freeCancelled(db, { slotId });
  const result = await db
    .updateTable('interview_slots')
    .set({
      starts_at: change.startsAt,
      duration_minutes: change.durationMinutes,
      location: change.location,
      updated_at: now.toISOString(),
    })
    .where('id', '=', slotId)
    .where('booked_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a free slot; false when it is booked or gone. */
export async function deleteFreeSlot(db: Kysely<Database>, slotId: number): Promise<boolean> {
  await freeCancelled(db, { slotId });
  const result = await db
    .deleteFrom('interview_slots')
    .where('id', '=', slotId)
    .where('booked_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Records that the slots were offered to an applicant (again is fine). Run it in a transaction. */
export async function offerSlots(
  db: Kysely<Database>,
  applicantId: number,
  slotIds: readonly number[],
  now: Date,
): Promise<void> {
  await db
    .insertInto('interview_slot_offers')
    .values(slotIds.map((slotId) => ({ slot_id: slotId, applicant_id: applicantId, offered_at: now.toISOString() })))
    .onConflict((oc) => oc.columns(['slot_id', 'applicant_id']).doNothing())
    .execute();
}

/** The ids of the slots ever offered to an applicant. */
export async function offeredSlotIds(db: Kysely<Database>, applicantId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('interview_slot_offers')
    .select('slot_id')
    .where('applicant_id', '=', applicantId)
    .execute();
  return rows.map((r) => Number(r.slot_id));
}

/**
 * Takes a slot for an applicant's new interview, if no one holds it: the conditional update lets
 * exactly one of two simultaneous bookings through, whatever the connection. Run it in the
 * interview's transaction.
 */
export async function claimSlot(
  db: Kysely<Database>,
  slotId: number,
  applicantId: number,
  interviewId: number,
  now: Date,
): Promise<boolean> {
  await freeCancelled(db, { slotId });
  const result = await db
    .updateTable('interview_slots')
    .set({ booked_by: applicantId, interview_id: interviewId, booked_at: now.toISOString() })
    .where('id', '=', slotId)
    .where('booked_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Frees the slot an applicant holds. Run it in the interview's transaction. */
export async function releaseSlot(db: Kysely<Database>, slotId: number, applicantId: number): Promise<boolean> {
  const result = await db
    .updateTable('interview_slots')
    .set({ booked_by: null, interview_id: null, booked_at: null })
    .where('id', '=', slotId)
    .where('booked_by', '=', applicantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears an applicant's bookings whose interview the team cancelled, before reading what they hold. */
export const freeCancelledOf = (db: Kysely<Database>, applicantId: number) => freeCancelled(db, { applicantId });
