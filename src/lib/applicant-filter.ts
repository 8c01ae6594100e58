import { z } from 'zod';
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
  search: z.string().max(200, 'Search must not exceed 200 characters').default(''),
  status: z.preprocess(
    blankIsAll,
    z.enum(['all', ...APPLICANT_STATUSES], { errorMap: () => ({ message: 'Unknown status' }) }),
  ),
  jobId: z.preprocess(
    blankIsAll,
    z.union([
      z.literal('all'),
      z
        .string()
        .regex(/^[0-9]{1,10}$/, 'Unknown job')
        .transform(Number),
    ]),
  ),
}) satisfies z.ZodType<ApplicantFilter, z.ZodTypeDef, unknown>;
