import type { InterviewInput } from '~/lib/interviews';
import type { InterviewSlot, InterviewSlotList, InterviewSlotPool } from '~/lib/schemas/interview-slots';
import { apiRequest } from './client';

type SlotTime = Pick<InterviewInput, 'startsAt' | 'durationMinutes'>;

/** `POST /job/{id}/interview-slots` (recruiters, owners): several times of one panel at one place. */
export const addInterviewSlots = (
  jobId: number,
  input: { slots: SlotTime[]; interviewerIds: number[]; location: string },
) =>
  apiRequest<InterviewSlotList & { message: string }>(`/job/${jobId}/interview-slots`, {
    method: 'POST',
    json: input,
    auth: true,
  });

/** `PATCH /interview-slots/{slotId}`: a new time for a free slot; the pool anew. */
export const moveInterviewSlot = (slotId: number, input: SlotTime) =>
  apiRequest<InterviewSlotPool & { message: string }>(`/interview-slots/${slotId}`, {
    method: 'PATCH',
    json: input,
    auth: true,
  });

/** `DELETE /interview-slots/{slotId}`: a free slot only; the pool anew. */
export const removeInterviewSlot = (slotId: number) =>
  apiRequest<InterviewSlotPool & { message: string }>(`/interview-slots/${slotId}`, { method: 'DELETE', auth: true });

/** `POST /applicants/{id}/interview-invitation`: mails the applicant a link to choose one of the slots. */
export const offerInterviewSlots = (applicantId: number, slotIds: number[]) =>
  apiRequest<{ message: string; slots: InterviewSlot[] }>(`/applicants/${applicantId}/interview-invitation`, {
    method: 'POST',
    json: { slotIds },
    auth: true,
  });
