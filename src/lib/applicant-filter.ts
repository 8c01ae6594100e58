import { z } from 'zod/mini';
import { APPLICANT_STATUSES, type Applicant, type ApplicantStatus } from './schemas/applicant';

export type ApplicantFilter = {
  /** Matched case-insensitively against name, e-mail and job title. */
  search: string;
  status: ApplicantStatus | 'all';
  /** A job id, or 'all'. */
  jobId: number | 'all';
};

export const NO_FILTER: ApplicantFilter = { search: '', status: 'all', jobId: 'all' };

/** Search, status filter and job filter combine (all must match). */
export function filterApplicants(applicants: readonly Applicant[], filter: ApplicantFilter): Applicant[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return applicants.filter(
    (a) =>
      (filter.status === 'all' || a.status === filter.status) &&
      (filter.jobId === 'all' || a.jobId === filter.jobId) &&
      (!needle || [a.name, a.email, a.jobTitle].some((text) => text.toLocaleLowerCase().includes(needle))),
  );
}

/** The filter as query parameters (`search`, `status`, `jobId`), e.g. for `GET /applicants.csv`. */
export function filterToQuery(filter: ApplicantFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.search.trim()) query.set('search', filter.search.trim());
  if (filter.status !== 'all') query.set('status', filter.status);
  if (filter.jobId !== 'all') query.set('jobId', String(filter.jobId));
  return query;
}

const blankIsAll = (v: unknown) => (v === undefined || v === '' ? 'all' : v);

/** The filter read back from query parameters; a missing or empty parameter means "all". */
export const applicantFilterQuerySchema = z.object({
  search: z._default(z.string().check(z.maxLength(200, 'Search must not exceed 200 characters')), ''),
  status: z.pipe(z.transform(blankIsAll), z.enum(['all', ...APPLICANT_STATUSES], { error: 'Unknown status' })),
  jobId: z.pipe(
    z.transform(blankIsAll),
    z.union([z.literal('all'), z.pipe(z.string().check(z.regex(/^[0-9]{1,10}$/, 'Unknown job')), z.transform(Number))]),
  ),
}) satisfies z.ZodMiniType<ApplicantFilter, unknown>;
