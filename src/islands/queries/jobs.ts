import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import { fetchOpenJobs } from '~/lib/api/jobs';
import type { AdminJob } from '~/lib/schemas';

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
  admin: () => [...jobKeys.all, 'admin'] as const,
};

export const jobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.list(),
    queryFn: ({ signal }) => fetchOpenJobs(signal),
  });

/** `GET /job/all` (admin): every vacancy, open and closed, with its state. */
export const adminJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.admin(),
    queryFn: async ({ signal }) => (await apiRequest<{ jobs: AdminJob[] }>('/job/all', { auth: true, signal })).jobs,
  });
