import type { Kysely } from 'kysely';
import { interviewRefusal, startsAtRefusal, TEAM_TIME_ZONE, type Interviewer } from '~/lib/interviews';
import { INTERVIEW_SLOT_CHANGE_HOURS } from '~/lib/limits';
import type { Applicant } from '~/lib/schemas/applicant';
import { applicationPageMessages as m, type ApplicationSlots, type OfferedSlot } from '~/lib/schemas/application-page';
import { interviewSlotMessages as s, type InterviewSlot } from '~/lib/schemas/interview-slots';
import type { MailSettings } from '../../config';
import { enqueueMails, getApplicantById, insertApplicationToken, type Database } from '../../db';
import { applicationPageUrl, newApplicationToken } from '../../services/application-token';
import { cancelInterview, interviewsOf, rescheduleInterview, scheduleInterview, utcLabel } from '../interviews';
import { mailTemplateFor } from '../mail-templates';
import { slotInvitationMail } from './mails';
import {
  claimSlot,
  deleteFreeSlot,
  firstClash,
  freeCancelledOf,
  insertSlots,
  moveFreeSlot,
  offeredSlotIds,
  offerSlots,
  releaseSlot,
  slotsOf,
  type SlotTime,
} from './repository';

/** Why a change is refused: the status to answer and the message. */
export type Refusal = { status: 400 | 404 | 409; message: string };
const refuse = (status: Refusal['status'], message: string): Refusal => ({ status, message });
export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

/** The template a purpose-made mail starts from: the invitation to choose a time. */
const TEMPLATE_PURPOSE = 'interview_slots';

const nameOf = (p: Interviewer) => p.displayName ?? p.email;

/** Why `time` cannot be a slot of `panel` (past, too far, or a clash with one of theirs), or null. */
async function timeRefusal(
  db: Kysely<Database>,
  panel: readonly Interviewer[],
  time: SlotTime,
  now: Date,
  exceptSlot: number | null = null,
): Promise<Refusal | null> {
  const badStart = startsAtRefusal(new Date(time.startsAt), now);
  if (badStart) return refuse(400, badStart);
  const clash = await firstClash(db, panel, time, exceptSlot);
  if (!clash) return null;
  const message = clash.kind === 'interview' ? s.clash : s.clashSlot;
  return refuse(409, message(nameOf(clash.interviewer), utcLabel(clash.startsAt)));
}

/** Stores a vacancy's new slots, refused whole when one is in the past or clashes (also with another of them). */
export async function createSlots(
  db: Kysely<Database>,
  jobId: number,
  times: readonly SlotTime[],
  location: string,
  panel: readonly Interviewer[],
  now: Date,
): Promise<number[] | Refusal> {
  const normal = times.map((t) => ({ ...t, startsAt: new Date(t.startsAt).toISOString() }));
  for (const [index, time] of normal.entries()) {
    const refusal = await timeRefusal(db, panel, time, now);
    if (refusal) return refusal;
    const end = (t: SlotTime) => new Date(t.startsAt).getTime() + t.durationMinutes * 60_000;
    const twin = normal
      .slice(0, index)
      .find((t) => new Date(t.startsAt).getTime() < end(time) && new Date(time.startsAt).getTime() < end(t));
    const [first] = panel;
    if (twin && first) return refuse(409, s.clashSlot(nameOf(first), utcLabel(twin.startsAt)));
  }
  const panelIds = panel.map((p) => p.id);
  return db.transaction().execute((trx) => insertSlots(trx, jobId, normal, location, panelIds, now));
}

/** Moves a free slot to a new time (and place); refused when it is booked, past or clashes. */
export async function moveSlot(
  db: Kysely<Database>,
  slot: InterviewSlot,
  change: SlotTime & { location?: string | undefined },
  now: Date,
): Promise<Refusal | null> {
  if (slot.bookedBy) return refuse(409, s.booked);
  const time = { startsAt: new Date(change.startsAt).toISOString(), durationMinutes: change.durationMinutes };
  const refusal = await timeRefusal(db, slot.interviewers, time, now, slot.id);
  if (refusal) return refusal;
  const moved = await moveFreeSlot(db, slot.id, { ...time, location: change.location ?? slot.location }, now);
  return moved ? null : refuse(409, s.booked);
}

/** Removes a free slot; refused when it is booked. */
export async function removeSlot(db: Kysely<Database>, slot: InterviewSlot): Promise<Refusal | null> {
  if (slot.bookedBy) return refuse(409, s.booked);
  return (await deleteFreeSlot(db, slot.id)) ? null : refuse(409, s.booked);
}

/**
 * Offers free slots of the applicant's vacancy and mails them the invitation (from the team's
 * template) with a new link to their private page, stored as its hash only; the slots offered.
 */
export async function inviteToSlots(
  db: Kysely<Database>,
  settings: MailSettings,
  applicant: Applicant,
  slotIds: readonly number[],
  now: Date,
): Promise<InterviewSlot[] | Refusal> {
  const closed = interviewRefusal(applicant.status);
  if (closed) return refuse(409, closed);
  const ids = [...new Set(slotIds)];
  const slots = await slotsOf(db, { ids });
  const usable = slots.filter(
    (slot) => slot.jobId === applicant.jobId && !slot.bookedBy && new Date(slot.startsAt) > now,
  );
  if (usable.length !== ids.length) return refuse(409, s.offerUnavailable);
  const template = await mailTemplateFor(db, TEMPLATE_PURPOSE);
  if (!template) return refuse(409, s.templateMissing);
  const { token, hash } = newApplicationToken();
  const mail = slotInvitationMail(settings, template, applicant, usable, applicationPageUrl(settings.siteUrl, token));
  await db.transaction().execute(async (trx) => {
    await insertApplicationToken(trx, applicant.id, hash, now);
    await offerSlots(trx, applicant.id, ids, now);
    await enqueueMails(trx, [mail], now);
  });
  return usable;
}

const asOffered = (slot: InterviewSlot): OfferedSlot => ({
  id: slot.id,
  startsAt: slot.startsAt,
  durationMinutes: slot.durationMinutes,
  location: slot.location,
});

/** Until when a booking may change on the private page. */
const changeUntil = (slot: Pick<InterviewSlot, 'startsAt'>) =>
  new Date(new Date(slot.startsAt).getTime() - INTERVIEW_SLOT_CHANGE_HOURS * 3_600_000);

/** The applicant's offered slots: the free ones ahead, and theirs. */
async function slotsOfApplicant(db: Kysely<Database>, applicantId: number, now: Date) {
  const offered = await slotsOf(db, { ids: await offeredSlotIds(db, applicantId) });
  return {
    free: offered.filter((slot) => !slot.bookedBy && new Date(slot.startsAt) > now),
    booked: offered.find((slot) => slot.bookedBy?.id === applicantId) ?? null,
  };
}

/** What the private page shows of the slots offered to an applicant. */
export async function applicantSlots(db: Kysely<Database>, applicantId: number, now: Date): Promise<ApplicationSlots> {
  const { free, booked } = await slotsOfApplicant(db, applicantId, now);
  const until = booked && changeUntil(booked);
  return {
    free: free.map(asOffered),
    booked: booked && asOffered(booked),
    changeUntil: until && until.toISOString(),
    changeClosed: until && now >= until ? m.slotTooLate(INTERVIEW_SLOT_CHANGE_HOURS) : null,
  };
}

/** A booking done: the interview it made or moved and its start, for the audit trail. */
export type Booking = { interviewId: number; startsAt: string };

type Person = { id: number; status: Applicant['status'] };

/** The fields of the interview a slot makes: the team's zone beside UTC in the mails, as scheduling does. */
const fieldsOf = (slot: InterviewSlot) => ({
  startsAt: slot.startsAt,
  durationMinutes: slot.durationMinutes,
  location: slot.location,
  note: null,
  timeZone: TEAM_TIME_ZONE,
});

/** The offered free slot `slotId` with its applicant and panel, or why it cannot be booked. */
async function bookable(db: Kysely<Database>, person: Person, slotId: number, now: Date) {
  if (interviewRefusal(person.status)) return refuse(409, m.slotClosed);
  await freeCancelledOf(db, person.id);
  const { free, booked } = await slotsOfApplicant(db, person.id, now);
  const slot = free.find((s) => s.id === slotId);
  const applicant = await getApplicantById(db, person.id);
  if (booked?.id === slotId) return refuse(409, m.slotAlreadyBooked);
  if (!slot || !slot.interviewers.length || !applicant) {
    const offered = await offeredSlotIds(db, person.id);
    return offered.includes(slotId) ? refuse(409, m.slotTaken) : refuse(404, m.slotNotOffered);
  }
  return { slot, applicant, booked };
}

/** Books an offered free slot: the interview is scheduled as the team schedules one, invitations and all. */
export async function bookSlot(
  db: Kysely<Database>,
  settings: MailSettings,
  person: Person,
  slotId: number,
  now: Date,
): Promise<Booking | Refusal> {
  const found = await bookable(db, person, slotId, now);
  if (isRefusal(found)) return found;
  const { slot, applicant, booked } = found;
  if (booked) return refuse(409, m.slotAlreadyBooked);
  const id = await scheduleInterview(db, settings, applicant, slot.interviewers, fieldsOf(slot), now, (trx, id) =>
    claimSlot(trx, slot.id, applicant.id, id, now),
  );
  return id === null ? refuse(409, m.slotTaken) : { interviewId: id, startsAt: slot.startsAt };
}

/** The applicant's booking and its interview, if it may still change here. */
async function changeable(db: Kysely<Database>, booked: InterviewSlot | null, applicantId: number, now: Date) {
  if (!booked?.interviewId) return refuse(409, m.noSlotBooked);
  if (now >= changeUntil(booked)) return refuse(409, m.slotTooLate(INTERVIEW_SLOT_CHANGE_HOURS));
  const interview = (await interviewsOf(db, [applicantId])).find((i) => i.id === booked.interviewId);
  return interview ?? refuse(409, m.noSlotBooked);
}

/** Moves the applicant's booking to another offered free slot: the same interview, its update mailed. */
export async function moveBooking(
  db: Kysely<Database>,
  settings: MailSettings,
  person: Person,
  slotId: number,
  now: Date,
): Promise<Booking | Refusal> {
  const found = await bookable(db, person, slotId, now);
  if (isRefusal(found)) return found;
  const { slot, applicant, booked } = found;
  const interview = await changeable(db, booked, applicant.id, now);
  if (isRefusal(interview) || !booked) return isRefusal(interview) ? interview : refuse(409, m.noSlotBooked);
  const moved = await rescheduleInterview(
    db,
    settings,
    applicant,
    interview,
    slot.interviewers,
    fieldsOf(slot),
    now,
    async (trx) =>
      (await releaseSlot(trx, booked.id, applicant.id)) && claimSlot(trx, slot.id, applicant.id, interview.id, now),
  );
  return moved ? { interviewId: interview.id, startsAt: slot.startsAt } : refuse(409, m.slotTaken);
}

/** Cancels the applicant's booking `slotId`: the interview's cancellation is mailed and the slot is free again. */
export async function cancelBooking(
  db: Kysely<Database>,
  settings: MailSettings,
  person: Person,
  slotId: number,
  now: Date,
): Promise<Booking | Refusal> {
  await freeCancelledOf(db, person.id);
  const { booked } = await slotsOfApplicant(db, person.id, now);
  if (booked?.id !== slotId) return refuse(409, m.noSlotBooked);
  const interview = await changeable(db, booked, person.id, now);
  if (isRefusal(interview)) return interview;
  const applicant = await getApplicantById(db, person.id);
  if (!applicant) return refuse(409, m.noSlotBooked);
  const cancelled = await cancelInterview(db, settings, applicant, interview, now, (trx) =>
    releaseSlot(trx, booked.id, applicant.id),
  );
  return cancelled ? { interviewId: interview.id, startsAt: interview.startsAt } : refuse(409, m.noSlotBooked);
}
