import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { Applicant, IntakeStatus } from '~/lib/schemas';

export const applicantKeys = { all: ['applicants'] as const, list: () => [...applicantKeys.all, 'list'] as const };

/** `GET /applicants` (admin): newest first. */
export const applicantsQuery = () =>
  queryOptions({
    queryKey: applicantKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ applicants: Applicant[] }>('/applicants', { auth: true, signal })).applicants,
  });

/** `GET /applicants/intake` (admin): whether applications are accepted (free disk space). */
export const intakeQuery = () =>
  queryOptions({
    queryKey: [...applicantKeys.all, 'intake'] as const,
    queryFn: ({ signal }) => apiRequest<IntakeStatus>('/applicants/intake', { auth: true, signal }),
    staleTime: 60_000,
  });
