import type { Applicant, ApplicantStatus } from '~/lib/schemas';

export type ApplicantFilter = {
  /** Matched case-insensitively against name, e-mail and job title. */
  search: string;
  status: ApplicantStatus | 'all';
  /** A job id, or 'all'. */
  jobId: number | 'all';
};

export const NO_FILTER: ApplicantFilter = { search: '', status: 'all', jobId: 'all' };

/** SPEC §2: search, status filter and job filter combine (all must match). */
export function filterApplicants(applicants: readonly Applicant[], filter: ApplicantFilter): Applicant[] {
  const needle = filter.search.trim().toLocaleLowerCase();
  return applicants.filter(
    (a) =>
      (filter.status === 'all' || a.status === filter.status) &&
      (filter.jobId === 'all' || a.jobId === filter.jobId) &&
      (!needle || [a.name, a.email, a.jobTitle].some((text) => text.toLocaleLowerCase().includes(needle))),
  );
}

/** Total Applications, Pending, Shortlisted, Rejected over every applicant (not the filtered view). */
export function countByStatus(applicants: readonly Applicant[]): Record<ApplicantStatus | 'total', number> {
  const counts = { total: applicants.length, pending: 0, shortlisted: 0, rejected: 0 };
  for (const a of applicants) counts[a.status] += 1;
  return counts;
}

/**
 * The job filter's choices: every current vacancy, plus jobs that are gone but still have
 * applicants (their title is the snapshot kept with the application).
 */
export function jobChoices(jobs: readonly { id: number; title: string }[], applicants: readonly Applicant[]): { id: number; label: string }[] {
  const choices = new Map<number, string>(jobs.map((job) => [job.id, job.title]));
  for (const a of applicants) if (!choices.has(a.jobId)) choices.set(a.jobId, `${a.jobTitle} (closed)`);
  return [...choices].map(([id, label]) => ({ id, label }));
}
