import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { applicantsQuery } from '~/islands/queries/applicants';
import { jobsQuery } from '~/islands/queries/jobs';
import { ApplicationsChart } from '../chart/ApplicationsChart';
import { usePrivacyActions } from '../privacy/usePrivacyActions';
import { AdminPanel } from '../AdminPanel';
import { QueryState, StateMessage } from '../StateMessage';
import { ApplicantCard } from './ApplicantCard';
import { ApplicantDialog } from './ApplicantDialog';
import { applicantFromUrl, forgetApplicantInUrl } from './deep-link';
import { Counters } from './Counters';
import { filterApplicants, jobChoices, NO_FILTER, type ApplicantFilter } from './filter';
import { Filters } from './Filters';
import { useApplicantActions } from './useApplicantActions';
import { Can } from '../session';

const applicantsTexts = {
  loading: 'Loading applicants...',
  empty: 'No applicants found',
  fetchFailed: 'Failed to fetch applicants',
} as const;

/** The Applicants tab: counters, the weekly chart, search and filters, cards and the detail dialog. */
export function ApplicantsPanel() {
  const applicants = useQuery(applicantsQuery());
  const jobs = useQuery(jobsQuery());
  const [filter, setFilter] = useState<ApplicantFilter>(NO_FILTER);
  // A link from the 'New application' mail opens that applicant's dialog.
  const [openId, setOpenId] = useState<number | null>(applicantFromUrl);
  const { actions, confirmDialog } = useApplicantActions((id) =>
    setOpenId((current) => (current === id ? null : current)),
  );

  const { privacy, confirmDialog: privacyConfirm } = usePrivacyActions(() => setOpenId(null));

  const all = useMemo(() => applicants.data ?? [], [applicants.data]);
  const shown = useMemo(() => filterApplicants(all, filter), [all, filter]);
  const choices = useMemo(() => jobChoices(jobs.data ?? [], all), [jobs.data, all]);
  // The dialog reads the applicant from the cached list, so a status change shows there at once.
  const open = openId === null ? undefined : all.find((a) => a.id === openId);

  return (
    <AdminPanel id="applicants" title="Applicants">
      <QueryState query={applicants} items={applicants.data} texts={applicantsTexts}>
        {() => (
          <>
            <Counters applicants={all} />
            <ApplicationsChart applicants={all} />
            <Filters filter={filter} onChange={setFilter} jobs={choices} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p aria-live="polite" className="text-sm text-slate-400">
                Showing {shown.length} of {all.length} applicants
              </p>
              <Can least="recruiter">
                <button
                  type="button"
                  className="btn btn-secondary px-4 py-2"
                  onClick={() => privacy.exportCsv(filter)}
                  disabled={privacy.busy || shown.length === 0}
                >
                  Export CSV<span className="sr-only"> of the {shown.length} applicants shown</span>
                </button>
              </Can>
            </div>
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
      </QueryState>
      {open && (
        <ApplicantDialog
          applicant={open}
          actions={actions}
          privacy={privacy}
          onClose={() => {
            forgetApplicantInUrl();
            setOpenId(null);
          }}
        />
      )}
      {confirmDialog}
      {privacyConfirm}
    </AdminPanel>
  );
}
