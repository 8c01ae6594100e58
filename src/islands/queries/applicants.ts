import { queryOptions } from '@tanstack/react-query';
import { resumeHtml, resumePdf, searchApplicants } from '~/lib/api/applicants';
import { apiRequest } from '~/lib/api/client';
import type { Applicant, IntakeStatus } from '~/lib/schemas';

export const applicantKeys = { all: ['applicants'] as const, list: () => [...applicantKeys.all, 'list'] as const };

/** `GET /applicants` (admin): newest first. */
export const applicantsQuery = () =>
  queryOptions({
    queryKey: applicantKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ applicants: Applicant[] }>('/applicants', { auth: true, signal })).applicants,
  });

/** `GET /applicants?q=` (admin): matches of every word, best first; refreshed with the list by any applicant change. */
export const applicantSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...applicantKeys.all, 'search', q] as const,
    queryFn: ({ signal }) => searchApplicants(q, signal),
  });

/**
 * `GET /applicants/{id}/preview` (admin): a PDF's bytes or a DOCX's HTML. Outside applicantKeys.all:
 * a list reload must not fetch (and audit) the preview again.
 */
export const resumePreviewQuery = (id: number, kind: 'pdf' | 'docx') =>
  queryOptions({
    queryKey: ['resume-preview', id] as const,
    queryFn: async ({ signal }) =>
      kind === 'pdf' ? { kind, data: await resumePdf(id, signal) } : { kind, html: await resumeHtml(id, signal) },
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });

/** `GET /applicants/intake` (admin): whether applications are accepted (free disk space). */
export const intakeQuery = () =>
  queryOptions({
    queryKey: [...applicantKeys.all, 'intake'] as const,
    queryFn: ({ signal }) => apiRequest<IntakeStatus>('/applicants/intake', { auth: true, signal }),
    staleTime: 60_000,
  });
