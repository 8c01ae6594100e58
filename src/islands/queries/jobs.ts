import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { Job } from '~/lib/schemas';

/** GET /job answers `{ jobs: [...] }` or, from older servers, a bare array. */
function normaliseJobs(body: unknown): Job[] {
  if (Array.isArray(body)) return body as Job[];
  if (body && typeof body === 'object' && Array.isArray((body as { jobs?: unknown }).jobs)) {
    return (body as { jobs: Job[] }).jobs;
  }
  return [];
}

export const jobKeys = { all: ['jobs'] as const, list: () => [...jobKeys.all, 'list'] as const };

export const jobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.list(),
    queryFn: async ({ signal }) => normaliseJobs(await apiRequest<unknown>('/job', { signal })),
  });
