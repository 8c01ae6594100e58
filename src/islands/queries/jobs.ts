import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import { fetchOpenJobs } from '~/lib/api/jobs';
import type { AdminJobList } from '~/lib/schemas';

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

/** `GET /job/all` (admin): every vacancy, open and closed, with its state, and the vacancy rules in force. */
export const adminJobListQuery = () =>
  queryOptions({
    queryKey: jobKeys.admin(),
    queryFn: ({ signal }) => apiRequest<AdminJobList>('/job/all', { auth: true, signal }),
  });

/** The vacancies of `GET /job/all`, from the same cached answer. */
export const adminJobsQuery = () => queryOptions({ ...adminJobListQuery(), select: (list) => list.jobs });
