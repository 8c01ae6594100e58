import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { InterviewSlotPool } from '~/lib/schemas/interview-slots';

/** `GET /job/{id}/interview-slots` (admin): a vacancy's slots, booked or free, and who may interview. */
export const interviewSlotsQuery = (jobId: number) =>
  queryOptions({
    queryKey: ['interview-slots', jobId] as const,
    queryFn: ({ signal }) => apiRequest<InterviewSlotPool>(`/job/${jobId}/interview-slots`, { auth: true, signal }),
  });
