import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { applicantsQuery } from '~/lib/api/applicants';
import { jobsQuery } from '~/lib/api/jobs';
import { ApplicationsChart } from '../chart/ApplicationsChart';
import { StateMessage } from '../StateMessage';
import { ApplicantCard } from './ApplicantCard';
import { ApplicantDialog } from './ApplicantDialog';
import { Counters } from './Counters';
import { filterApplicants, jobChoices, NO_FILTER, type ApplicantFilter } from './filter';
import { Filters } from './Filters';
import { useApplicantActions } from './useApplicantActions';

export const applicantsTexts = {
  loading: 'Loading applicants...',
  empty: 'No applicants found',
  fetchFailed: 'Failed to fetch applicants',
} as const;

/** The Applicants tab: counters, the weekly chart, search and filters, cards and the detail dialog. */
export function ApplicantsPanel() {
  const applicants = useQuery(applicantsQuery());
  const jobs = useQuery(jobsQuery());
  const [filter, setFilter] = useState<ApplicantFilter>(NO_FILTER);
  const [openId, setOpenId] = useState<number | null>(null);
  const { actions, confirmDialog } = useApplicantActions((id) => setOpenId((current) => (current === id ? null : current)));

  const all = useMemo(() => applicants.data ?? [], [applicants.data]);
  const shown = useMemo(() => filterApplicants(all, filter), [all, filter]);
  const choices = useMemo(() => jobChoices(jobs.data ?? [], all), [jobs.data, all]);
  // The dialog reads the applicant from the cached list, so a status change shows there at once.
  const open = openId === null ? undefined : all.find((a) => a.id === openId);

  return (
    <section aria-labelledby="applicants-heading" className="flex flex-col gap-5">
      <h2 id="applicants-heading" className="text-2xl">
        Applicants
      </h2>
      {applicants.isPending ? (
        <StateMessage kind="loading">{applicantsTexts.loading}</StateMessage>
      ) : applicants.isError ? (
        <StateMessage
          kind="error"
          action={
            <button type="button" className="btn btn-secondary" onClick={() => void applicants.refetch()}>
              Try again
            </button>
          }
        >
          {applicantsTexts.fetchFailed}
        </StateMessage>
      ) : (
        <>
          <Counters applicants={all} />
          <ApplicationsChart applicants={all} />
          <Filters filter={filter} onChange={setFilter} jobs={choices} />
          <p aria-live="polite" className="text-sm text-slate-400">
            Showing {shown.length} of {all.length} applicants
          </p>
          {shown.length === 0 ? (
            <StateMessage kind="empty">{applicantsTexts.empty}</StateMessage>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Applicants">
              {shown.map((applicant) => (
                <li key={applicant.id}>
                  <ApplicantCard applicant={applicant} actions={actions} onView={() => setOpenId(applicant.id)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {open && <ApplicantDialog applicant={open} actions={actions} onClose={() => setOpenId(null)} />}
      {confirmDialog}
    </section>
  );
}
