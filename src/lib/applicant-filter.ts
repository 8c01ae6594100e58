import { z } from 'zod/mini';
import { APPLICANT_STATUSES, type Applicant, type ApplicantStatus } from './schemas/applicant';

export type ApplicantFilter = {
  /** Words the server searches for (`GET /applicants?q=`: name, e-mail, job title, cover letter, resume text). */
  search: string;
  status: ApplicantStatus | 'all';
  /** A job id, or 'all'. */
  jobId: number | 'all';
  /** Only applicants past their stage's deadline. */
  overdue: boolean;
};

export const NO_FILTER: ApplicantFilter = { search: '', status: 'all', jobId: 'all', overdue: false };

/** The status, job and overdue filters (all must match), over the list or the server's search results. */
export function filterApplicants(
  applicants: readonly Applicant[],
  filter: Pick<ApplicantFilter, 'status' | 'jobId' | 'overdue'>,
): Applicant[] {
  return applicants.filter(
    (a) =>
      (filter.status === 'all' || a.status === filter.status) &&
      (filter.jobId === 'all' || a.jobId === filter.jobId) &&
      (!filter.overdue || a.overdue === true),
  );
}

/** The filter as query parameters (`search`, `status`, `jobId`, `overdue=1`), e.g. for `GET /applicants.csv`. */
export function filterToQuery(filter: ApplicantFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.search.trim()) query.set('search', filter.search.trim());
  if (filter.status !== 'all') query.set('status', filter.status);
  if (filter.jobId !== 'all') query.set('jobId', String(filter.jobId));
  if (filter.overdue) query.set('overdue', '1');
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
  overdue: z.pipe(
    z._default(z.enum(['', '0', '1'], { error: 'Overdue must be 1 or 0' }), ''),
    z.transform((v) => v === '1'),
  ),
}) satisfies z.ZodMiniType<ApplicantFilter, unknown>;
