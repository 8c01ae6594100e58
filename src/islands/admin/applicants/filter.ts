import { APPLICANT_STATUSES, type Applicant, type ApplicantStatus } from '~/lib/schemas';

// The filter is shared with the API's CSV export, which applies the same rules on the server.
export { filterApplicants, filterToQuery, NO_FILTER, type ApplicantFilter } from '~/lib/applicant-filter';

/** Every applicant (not the filtered view) by stage, and the total; the counters show four of them. */
export function countByStatus(applicants: readonly Applicant[]): Record<ApplicantStatus | 'total', number> {
  const counts = { total: applicants.length, ...zeroByStatus() };
  for (const a of applicants) counts[a.status] += 1;
  return counts;
}

/** Zero for every stage. */
export function zeroByStatus(): Record<ApplicantStatus, number> {
  return Object.fromEntries(APPLICANT_STATUSES.map((s) => [s, 0])) as Record<ApplicantStatus, number>;
}

/**
 * The job filter's choices: every vacancy (a closed one marked so), plus deleted ones that still
 * have applicants (their title is the snapshot kept with the application).
 */
export function jobChoices(
  jobs: readonly { id: number; title: string; status?: 'open' | 'closed' }[],
  applicants: readonly Applicant[],
): { id: number; label: string }[] {
  const choices = new Map<number, string>(
    jobs.map((job) => [job.id, job.status === 'closed' ? `${job.title} (closed)` : job.title]),
  );
  for (const a of applicants) if (!choices.has(a.jobId)) choices.set(a.jobId, `${a.jobTitle} (deleted)`);
  return [...choices].map(([id, label]) => ({ id, label }));
}
