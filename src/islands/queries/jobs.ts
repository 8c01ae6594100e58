import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { AdminJob, Job } from '~/lib/schemas';

/** GET /job answers `{ jobs: [...] }` or, from older servers, a bare array. */
function normaliseJobs(body: unknown): Job[] {
  if (Array.isArray(body)) return body as Job[];
  if (body && typeof body === 'object' && Array.isArray((body as { jobs?: unknown }).jobs)) {
    return (body as { jobs: Job[] }).jobs;
  }
  return [];
}

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
  admin: () => [...jobKeys.all, 'admin'] as const,
};

export const jobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.list(),
    queryFn: async ({ signal }) => normaliseJobs(await apiRequest<unknown>('/job', { signal })),
  });

/** `GET /job/all` (admin): every vacancy, open and closed, with its state. */
export const adminJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.admin(),
    queryFn: async ({ signal }) => (await apiRequest<{ jobs: AdminJob[] }>('/job/all', { auth: true, signal })).jobs,
  });
