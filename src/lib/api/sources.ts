import type { SourcesReport } from '~/lib/sources';
import { apiRequest } from './client';

/**
 * `POST /job/{id}/view`: counts one view of the job's page from `source`. Fire and forget: a view
 * that is not counted (offline, rate limit) never troubles the visitor.
 */
export function countJobView(jobId: number, source: string): void {
  apiRequest<void>(`/job/${jobId}/view`, { method: 'POST', json: { source } }).catch(() => undefined);
}

/** `GET /sources[?job=id][&page=n]`: one page of the Sources report of every vacancy, or of one. */
export function fetchSourcesReport(jobId: number | null, page: number, signal?: AbortSignal) {
  const query = new URLSearchParams();
  if (jobId !== null) query.set('job', String(jobId));
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return apiRequest<SourcesReport>(search ? `/sources?${search}` : '/sources', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}
