import type { AdminJob, Job, JobStatus } from '~/lib/schemas';
import type { JobSaveInput } from '~/lib/schemas/job-save';
import { apiRequest } from './client';

/**
 * Admin changes to vacancies. The list itself is the public `jobsQuery()` (same key), so the
 * careers board and the dashboard share one cache entry; invalidate `jobKeys.all` after a change.
 */
type JobAnswer = { message: string; job: Job };

export const createJob = (input: JobSaveInput) =>
  apiRequest<JobAnswer>('/job', { method: 'POST', json: input, auth: true });

export const updateJob = (id: number, input: JobSaveInput) =>
  apiRequest<JobAnswer>(`/job/${id}`, { method: 'PUT', json: input, auth: true });

export const deleteJob = (id: number) =>
  apiRequest<{ message: string }>(`/job/${id}`, { method: 'DELETE', auth: true });

/** Closes a vacancy (off the board, no applications, its applicants kept) or reopens it. */
export const setJobStatus = (id: number, status: JobStatus) =>
  apiRequest<{ message: string; job: AdminJob }>(`/job/${id}/status`, {
    method: 'PUT',
    json: { status },
    auth: true,
  });
