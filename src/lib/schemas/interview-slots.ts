/** Interview slots: the admin's payloads, answers and texts (the applicant's side is in application-page.ts). */
import { z } from 'zod/mini';
import { interviewInputSchema, type Interviewer } from '../interviews';
import { INTERVIEW_SLOTS_PER_INVITATION_MAX, INTERVIEW_SLOTS_PER_REQUEST_MAX } from '../limits';

export const interviewSlotMessages = {
  slotsRequired: 'Add at least one time',
  slotsTooMany: `At most ${INTERVIEW_SLOTS_PER_REQUEST_MAX} times at once`,
  clash: (interviewer: string, when: string) => `${interviewer} already has an interview at ${when}`,
  clashSlot: (interviewer: string, when: string) => `${interviewer} already has an interview slot at ${when}`,
  jobNotFound: 'Vacancy not found',
  notFound: 'Interview slot not found',
  booked: 'This slot is booked: the applicant moves or cancels it, or you cancel the interview',
  created: (count: number) => `${count} interview ${count === 1 ? 'slot' : 'slots'} added`,
  moved: 'Interview slot moved',
  deleted: 'Interview slot removed',
  offerRequired: 'Choose at least one free slot to offer',
  offerTooMany: `Offer at most ${INTERVIEW_SLOTS_PER_INVITATION_MAX} slots at once`,
  offerUnavailable: 'A chosen slot is booked, past or of another vacancy: reload and choose again',
  templateMissing:
    'The "Choose your interview time" mail template was deleted: the invitation has no text to send. Ask an owner to restore it.',
  invitationSent: 'Invitation to choose a time queued in the outbox',
} as const;

const slotTime = z.pick(interviewInputSchema, { startsAt: true, durationMinutes: true });

/** `POST /api/job/{id}/interview-slots`: times of one panel at one place. */
export const interviewSlotsInputSchema = z.object({
  slots: z
    .array(slotTime, { error: interviewSlotMessages.slotsRequired })
    .check(
      z.minLength(1, interviewSlotMessages.slotsRequired),
      z.maxLength(INTERVIEW_SLOTS_PER_REQUEST_MAX, interviewSlotMessages.slotsTooMany),
    ),
  ...z.pick(interviewInputSchema, { interviewerIds: true, location: true }).shape,
});

/** `PATCH /api/interview-slots/{slotId}`: a new time (and optionally place) for an unbooked slot. */
export const interviewSlotMoveSchema = z.extend(slotTime, {
  location: z.optional(interviewInputSchema.shape.location),
});

/** `POST /api/applicants/{id}/interview-invitation`. */
export const interviewInvitationSchema = z.object({
  slotIds: z
    .array(z.int({ error: interviewSlotMessages.offerUnavailable }), { error: interviewSlotMessages.offerRequired })
    .check(
      z.minLength(1, interviewSlotMessages.offerRequired),
      z.maxLength(INTERVIEW_SLOTS_PER_INVITATION_MAX, interviewSlotMessages.offerTooMany),
    ),
});

/** One slot as the admin sees it: who booked it, when free. */
export type InterviewSlot = {
  id: number;
  jobId: number;
  startsAt: string;
  durationMinutes: number;
  location: string;
  interviewers: { id: number; email: string; displayName: string | null }[];
  /** The applicant who booked it, or null while free. */
  bookedBy: { id: number; name: string } | null;
  interviewId: number | null;
};

/** `POST /api/job/{id}/interview-slots` answers the new slots. */
export type InterviewSlotList = { slots: InterviewSlot[] };

/** `GET /api/job/{id}/interview-slots`, and a move or removal: every slot, and who may interview. */
export type InterviewSlotPool = InterviewSlotList & {
  candidates: Interviewer[];
};
