import type { Job } from '~/lib/schemas/job';
import { apiRequest } from './client';

/** GET /job answers `{ jobs: [...] }` or, from older servers, a bare array. */
function normaliseJobs(body: unknown): Job[] {
  if (Array.isArray(body)) return body as Job[];
  if (body && typeof body === 'object' && Array.isArray((body as { jobs?: unknown }).jobs)) {
    return (body as { jobs: Job[] }).jobs;
  }
  return [];
}

/** `GET /job`: the open vacancies, newest first. */
export const fetchOpenJobs = async (signal?: AbortSignal): Promise<Job[]> =>
  normaliseJobs(await apiRequest<unknown>('/job', signal ? { signal } : {}));
