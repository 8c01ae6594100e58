import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { InterviewList } from '~/lib/interviews';

/** `GET /applicants/{id}/interviews` (admin): the interviews and the scorecards the admin may read. */
export const interviewsQuery = (applicantId: number) =>
  queryOptions({
    queryKey: ['interviews', applicantId] as const,
    queryFn: ({ signal }) => apiRequest<InterviewList>(`/applicants/${applicantId}/interviews`, { auth: true, signal }),
    // An audited read, like the detail: once per opening of the dialog; changes answer the list anew.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
