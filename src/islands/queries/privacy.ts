import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { ApplicantDetail, AuditAction, AuditPage } from '~/lib/privacy';

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

/** `listViews`: whether entries that only list records show (an action filter shows its own entries). */
export type AuditFilter = { action: AuditAction | 'all'; adminId: number | 'all'; listViews: boolean };

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
      if (!filter.listViews && filter.action === 'all') query.set('lists', 'hide');
      const suffix = query.toString();
      return apiRequest<AuditPage>(`/audit${suffix ? `?${suffix}` : ''}`, { auth: true, signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
