import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchSourcesReport } from '~/lib/api/sources';

const sourcesKeys = {
  all: ['sources'] as const,
  report: (jobId: number | null, page: number) => [...sourcesKeys.all, 'report', jobId ?? 'all', page] as const,
};

/** `GET /sources[?job=id][&page=n]`: views, applications and shortlisted by source (one page) and week. */
export const sourcesReportQuery = (jobId: number | null, page: number) =>
  queryOptions({
    queryKey: sourcesKeys.report(jobId, page),
    queryFn: ({ signal }) => fetchSourcesReport(jobId, page, signal),
    // The table stays while the next page loads, so the paging buttons do not jump.
    placeholderData: keepPreviousData,
  });
