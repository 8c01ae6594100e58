import type { SourcesReport } from '~/lib/sources';
import { apiRequest } from './client';

/**
 * `POST /job/{id}/view`: counts one view of the job's page from `source`. Fire and forget: a view
 * that is not counted (offline, rate limit) never troubles the visitor.
 */
export function countJobView(jobId: number, source: string): void {
  apiRequest<void>(`/job/${jobId}/view`, { method: 'POST', json: { source } }).catch(() => undefined);
}

/** `GET /sources[?job=id]`: the Sources report of every vacancy, or of one. */
export const fetchSourcesReport = (jobId: number | null, signal?: AbortSignal) =>
  apiRequest<SourcesReport>(jobId === null ? '/sources' : `/sources?job=${jobId}`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
