import { queryOptions } from '@tanstack/react-query';
import { fetchSourcesReport } from '~/lib/api/sources';

const sourcesKeys = {
  all: ['sources'] as const,
  report: (jobId: number | null) => [...sourcesKeys.all, 'report', jobId ?? 'all'] as const,
};

/** `GET /sources[?job=id]`: views, applications and shortlisted by source and week. */
export const sourcesReportQuery = (jobId: number | null) =>
  queryOptions({
    queryKey: sourcesKeys.report(jobId),
    queryFn: ({ signal }) => fetchSourcesReport(jobId, signal),
  });
