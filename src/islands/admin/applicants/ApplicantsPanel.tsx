import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { applicantSearchQuery, applicantsQuery } from '~/islands/queries/applicants';
import { useDebounced } from '~/islands/ui/useDebounced';
import { SEARCH_DEBOUNCE_MS } from '~/lib/ui-constants';
import type { Applicant } from '~/lib/schemas/applicant-api';
import { adminJobsQuery } from '~/islands/queries/jobs';
import { ApplicationsChart } from '../chart/ApplicationsChart';
import { usePrivacyActions } from '../privacy/usePrivacyActions';
import { AdminPanel } from '../AdminPanel';
import { QueryState, StateMessage } from '../StateMessage';
import { ApplicantCard } from './ApplicantCard';
import { ApplicantDialog, type ApplicantSteps } from './ApplicantDialog';
import { applicantFromUrl, forgetApplicantInUrl, rememberApplicantInUrl } from './deep-link';
import { Counters } from './Counters';
import { filterApplicants, filterToQuery, jobChoices, NO_FILTER, type ApplicantFilter } from './filter';
import { Filters } from './Filters';
import { forgetJobInUrl, jobFromUrl } from './job-link';
import { forgetOverdueInUrl, overdueFromUrl } from './overdue-link';
import { useApplicantActions } from './useApplicantActions';
import { Can, useCan } from '../session';
import { BoardView } from './BoardView';
import { BulkBar } from './BulkBar';
import { useSelection } from './useSelection';
import { TableView } from './TableView';
import { nextSort, sortApplicants, type TableSort } from './table-sort';
import { APPLICANT_VIEWS, saveView, savedView, type ApplicantsView } from './view-choice';

const VIEW_LABELS: Record<ApplicantsView, string> = { list: 'List', board: 'Board', table: 'Table' };
/** The list's own order, as the table's headers tell it. */
const NEWEST_FIRST: TableSort = { column: 'applied', direction: 'descending' };

const applicantsTexts = {
  loading: 'Loading applicants...',
  empty: 'No applicants found',
  fetchFailed: 'Failed to fetch applicants',
  searching: 'Searching...',
  searchFailed: 'The search failed. Try again in a moment.',
  clearFilters: 'Clear search and filters',
} as const;

/** Where `id` stands among the applicants shown, for the dialog's Previous and Next; undefined when not shown. */
function steps(shown: readonly Applicant[], id: number): ApplicantSteps | undefined {
  const index = shown.findIndex((a) => a.id === id);
  if (index === -1) return undefined;
  return {
    position: index + 1,
    total: shown.length,
    previous: shown[index - 1]?.id ?? null,
    next: shown[index + 1]?.id ?? null,
  };
}

/** The filter a vacancy's 'View applicants' link or the overdue digest's link asks for, else none. */
function filterFromUrl(): ApplicantFilter {
  const jobId = jobFromUrl();
  const filter = jobId === null ? NO_FILTER : { ...NO_FILTER, jobId };
  return overdueFromUrl() ? { ...filter, overdue: true } : filter;
}

/**
 * The Applicants tab: search and filters first (sticky while the list scrolls), the counters, the
 * cards, then the weekly chart; and the detail dialog.
 */
export function ApplicantsPanel() {
  const applicants = useQuery(applicantsQuery());
  const jobs = useQuery(adminJobsQuery());
  const [filter, setFilter] = useState<ApplicantFilter>(filterFromUrl);
  // A vacancy's 'View applicants' link (in the Jobs tab, or a fresh load of its URL) sets the job filter.
  useEffect(() => {
    const follow = () => {
      const jobId = jobFromUrl();
      if (jobId === null) return;
      setFilter({ ...NO_FILTER, jobId });
      forgetJobInUrl();
      window.scrollTo({ top: 0 });
    };
    forgetJobInUrl();
    forgetOverdueInUrl();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  // A link from the 'New application' mail opens that applicant's dialog.
  const [openId, setOpenId] = useState<number | null>(applicantFromUrl);
  const { actions, confirmDialog } = useApplicantActions((id) =>
    setOpenId((current) => (current === id ? null : current)),
  );

  const { privacy, confirmDialog: privacyConfirm } = usePrivacyActions(() => setOpenId(null));

  // A new filter while the list is scrolled past its top: bring the results' start back into view
  // (a shorter list would otherwise leave the page scrolled to its footer).
  const resultsTop = useRef<HTMLDivElement>(null);
  const firstFilter = useRef(true);
  useEffect(() => {
    if (firstFilter.current) {
      firstFilter.current = false;
      return;
    }
    const top = resultsTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }, [filter]);

  // Words in the search box go to the server (name, e-mail, job title, cover letter, resume text),
  // which answers the matches best first; status and job filters then apply here.
  const query = useDebounced(filter.search.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({ ...applicantSearchQuery(query), enabled: query !== '', placeholderData: keepPreviousData });
  const all = useMemo(() => applicants.data ?? [], [applicants.data]);
  const searching = filter.search.trim() !== '';
  const shown = useMemo(
    () => filterApplicants(searching ? (search.data ?? []) : all, filter),
    [all, filter, searching, search.data],
  );
  const choices = useMemo(() => jobChoices(jobs.data ?? [], all), [jobs.data, all]);
  const [view, setView] = useState<ApplicantsView>(savedView);
  const chooseView = (next: ApplicantsView) => {
    setView(next);
    saveView(next);
  };
  // The table's order; until a header is clicked, the list's (a search's: best match first, no column's).
  const [pickedSort, setSort] = useState<TableSort>(null);
  const sort = pickedSort ?? (searching ? null : NEWEST_FIRST);
  const ordered = useMemo(() => (view === 'table' ? sortApplicants(shown, sort) : shown), [view, shown, sort]);
  // Shift-click ranges and Previous/Next follow the order on screen.
  const shownIds = useMemo(() => ordered.map((a) => a.id), [ordered]);
  const selection = useSelection(shownIds);
  const canWrite = useCan('recruiter');
  const selecting = view === 'list' || view === 'table';
  // The dialog reads the applicant from the cached list, so a status change shows there at once.
  const open = openId === null ? undefined : all.find((a) => a.id === openId);
  useEffect(() => {
    if (openId !== null) rememberApplicantInUrl(openId);
  }, [openId]);

  return (
    <AdminPanel id="applicants" title="Applicants">
      <QueryState query={applicants} items={applicants.data} texts={applicantsTexts}>
        {() => (
          <>
            {/* Out of the flow: a marker, not a flex item with a gap of its own. */}
            <div ref={resultsTop} aria-hidden="true" className="absolute" />
            {/* Stays under the site header while the cards scroll; opaque so cards pass beneath it. */}
            <div
              data-sticky-filters
              className="sticky top-[var(--header-height)] z-20 -mx-2 flex flex-col gap-2 border-b border-white/10 bg-ink-900 px-2 pb-3 pt-3 sm:gap-3"
            >
              <Filters filter={filter} onChange={setFilter} jobs={choices} />
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p aria-live="polite" className="text-sm text-slate-400">
                  Showing {shown.length} of {all.length} applicants
                </p>
                <Can least="recruiter">
                  <button
                    type="button"
                    className="btn btn-secondary px-3 py-1.5 text-sm"
                    onClick={() => privacy.exportCsv(filter)}
                    disabled={privacy.busy || shown.length === 0}
                  >
                    Export CSV<span className="sr-only"> of the {shown.length} applicants shown</span>
                  </button>
                </Can>
              </div>
            </div>
            <Counters applicants={all} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div role="group" aria-label="View" className="inline-flex rounded-xl border border-white/15 p-0.5">
                {APPLICANT_VIEWS.map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={view === v}
                    onClick={() => chooseView(v)}
                    // Narrow on a phone: the three views and 'Select all N matching' share one line above the cards.
                    className={`rounded-lg px-1.5 py-1.5 text-sm sm:px-3 ${view === v ? 'bg-brand-400 text-ink-900' : 'text-slate-200 hover:bg-white/10'}`}
                  >
                    {VIEW_LABELS[v]}
                  </button>
                ))}
              </div>
              {canWrite && selecting && selection.selected.size === 0 && shown.length > 0 && (
                <button
                  type="button"
                  className="btn btn-secondary px-2.5 py-1.5 text-sm sm:px-3"
                  onClick={selection.selectAll}
                >
                  Select all {shown.length} matching
                </button>
              )}
            </div>
            {canWrite && selecting && (
              <BulkBar
                selected={selection.selected}
                matching={shown.length}
                onSelectAll={selection.selectAll}
                onClear={selection.clear}
                onDone={selection.keep}
              />
            )}
            {searching && search.isError ? (
              <StateMessage kind="error">{applicantsTexts.searchFailed}</StateMessage>
            ) : searching && !search.data ? (
              <StateMessage kind="loading">{applicantsTexts.searching}</StateMessage>
            ) : shown.length === 0 ? (
              <StateMessage
                kind="empty"
                action={
                  all.length > 0 &&
                  filterToQuery(filter).size > 0 && (
                    <button
                      type="button"
                      className="btn btn-secondary px-4 py-2 text-sm"
                      onClick={() => {
                        setFilter(NO_FILTER);
                        // The button goes with the empty state: the search box takes the focus.
                        document.getElementById('applicant-search')?.focus();
                      }}
                    >
                      {applicantsTexts.clearFilters}
                    </button>
                  )
                }
              >
                {applicantsTexts.empty}
              </StateMessage>
            ) : view === 'board' ? (
              <BoardView applicants={shown} actions={actions} onView={setOpenId} />
            ) : view === 'table' ? (
              <TableView
                applicants={ordered}
                sort={sort}
                onSort={(column) => setSort(nextSort(sort, column))}
                selected={canWrite ? selection.selected : undefined}
                onSelect={selection.toggle}
                onView={setOpenId}
              />
            ) : (
              // One column of the screen's width on a phone: a long name truncates instead of widening it.
              <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Applicants">
                {shown.map((applicant) => (
                  <li key={applicant.id}>
                    <ApplicantCard
                      applicant={applicant}
                      actions={actions}
                      onView={() => setOpenId(applicant.id)}
                      selected={canWrite ? selection.selected.has(applicant.id) : undefined}
                      onSelect={(event) => selection.toggle(applicant.id, event)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <ApplicationsChart applicants={all} />
          </>
        )}
      </QueryState>
      {open && (
        <ApplicantDialog
          // A new dialog per application: another one opened from it starts at its top, focus included.
          key={open.id}
          applicant={open}
          applicationsOfPerson={all.filter((a) => a.email.toLowerCase() === open.email.toLowerCase()).length}
          actions={actions}
          privacy={privacy}
          onClose={() => {
            forgetApplicantInUrl();
            setOpenId(null);
          }}
          onOpenApplication={setOpenId}
          steps={steps(ordered, open.id)}
        />
      )}
      {confirmDialog}
      {privacyConfirm}
    </AdminPanel>
  );
}
