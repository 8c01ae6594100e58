import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { filterToQuery, type ApplicantFilter } from '~/lib/applicant-filter';
import type { ApplicantDetail, AuditAction, AuditPage } from '~/lib/privacy';
import { filenameFromDisposition } from './applicants';
import { apiRequest, apiResponse } from './client';

/** `GET /applicants/{id}` (admin): the detail the applicant dialog shows; the server records the view. */
export const applicantDetailQuery = (id: number) =>
  queryOptions({
    // Outside applicantKeys.all: list reloads after an action must not count as another view.
    queryKey: ['applicant-detail', id] as const,
    queryFn: ({ signal }) => apiRequest<ApplicantDetail>(`/applicants/${id}`, { auth: true, signal }),
    // One audited view per opening of the dialog: kept while open, dropped when it closes.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

async function download(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await apiResponse(path, { auth: true });
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/** `GET /applicants/{id}/export`: one zip with everything stored about that applicant's e-mail address. */
export const exportPersonData = (id: number) => download(`/applicants/${id}/export`, `applicant-${id}-data.zip`);

/** `GET /applicants.csv` with the list's search and filters. */
export function exportApplicantsCsv(filter: ApplicantFilter) {
  const query = filterToQuery(filter).toString();
  return download(`/applicants.csv${query ? `?${query}` : ''}`, 'applicants.csv');
}

/** `POST /erasure`: deletes every application, resume and contact message of `email`. */
export const erasePerson = (email: string) =>
  apiRequest<{ erased: number }>('/erasure', { method: 'POST', json: { email }, auth: true });

export type AuditFilter = { action: AuditAction | 'all'; adminId: number | 'all' };

export const auditKeys = { all: ['audit'] as const, list: (filter: AuditFilter) => ['audit', 'list', filter] as const };

/** `GET /audit` (admin), page by page (newest first), with the Activity view's filters. */
export const auditQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (pageParam) query.set('cursor', pageParam);
      if (filter.action !== 'all') query.set('action', filter.action);
      if (filter.adminId !== 'all') query.set('admin', String(filter.adminId));
      const suffix = query.toString();
      return apiRequest<AuditPage>(`/audit${suffix ? `?${suffix}` : ''}`, { auth: true, signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
