import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { fetchOpenJobs } from '~/lib/api/jobs';
import { distinctDepartments, sameDepartment } from '~/lib/departments';
import {
  distinctLocations,
  filtersFromSearch,
  hasFilters,
  matchesFilters,
  NO_FILTERS,
  rolesCount,
  urlWithFilters,
  type JobFilters as Filters,
} from '~/lib/job-filters';
import { jobPath } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { DIRECT_SOURCE, sourceFromSearch } from '~/lib/sources';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { useRequest } from '~/islands/ui/useRequest';
import { appliedJobIds, rememberApplied } from '~/lib/applied-jobs';
import { AppliedConfirmation, type Applied } from './AppliedConfirmation';
import { DepartmentFilter } from './DepartmentFilter';
import { inDepartment } from './departments';
import { JobFilters } from './JobFilters';
import { CARD_ROWS, JobCard, JobCardSkeleton } from './JobCard';
import { careersMessages } from './messages';
import type { LeaveGuard } from './useApplicationDraft';

// The modal (its dialog, the description and form loaders) is fetched when a job is pointed at or opened, not with the board.
const loadJobModal = () => import('./JobModal');
// Its own chunk, off the board's JavaScript budget: the figure is a line above the board, fine to arrive a moment later.
const ResponseTime = lazy(() => import('./ResponseTime'));
const JobModal = lazy(() => loadJobModal().then((module) => ({ default: module.JobModal })));

/** Starts fetching the modal's code and then its description renderer, ahead of a click on a card. */
function preloadJob(): void {
  // A failure here is retried, and reported, by the lazy component itself.
  loadJobModal()
    .then((module) => module.preloadJobDescription())
    .catch(() => undefined);
}

/** Key of the job id in the history entry the modal pushes. */
const JOB_STATE_KEY = 'careersJobId';
const asRecord = (state: unknown): Record<string, unknown> =>
  state && typeof state === 'object' ? (state as Record<string, unknown>) : {};

/** One height for the loading, empty and error states, so the page below does not move when one replaces another. */
function Notice({ role, children }: { role?: 'status' | 'alert'; children: ReactNode }) {
  return (
    <div
      role={role}
      className="card flex min-h-44 flex-col items-center justify-center gap-4 px-6 py-12 text-center text-slate-300"
    >
      {children}
    </div>
  );
}

/** The list's grid; each card spans four of its rows (see JobCard). */
const GRID = 'grid gap-x-6 gap-y-6 md:grid-cols-2 xl:grid-cols-3';

/** How many cards the board showed last time (localStorage), so the loading state has the height to come. */
const COUNT_KEY = 'careers.count';
const DEFAULT_SKELETONS = 3;
const MAX_SKELETONS = 12;

function rememberedCount(): number {
  try {
    const count = Number(window.localStorage.getItem(COUNT_KEY) ?? DEFAULT_SKELETONS);
    return Number.isInteger(count) ? Math.min(MAX_SKELETONS, Math.max(1, count)) : DEFAULT_SKELETONS;
  } catch {
    return DEFAULT_SKELETONS;
  }
}

const noSubscription = () => () => undefined;

function rememberCount(count: number): void {
  try {
    window.localStorage.setItem(COUNT_KEY, String(count));
  } catch {
    // Not remembered: the next visit shows the default number of cards while loading.
  }
}

/**
 * While the jobs load: the filter row and cards of the real ones' size, as many as last time (three on
 * a first visit), with the spec's loading text.
 */
function Loading() {
  // The server's HTML (and hydration) has the default; the browser's stored count follows at once.
  const count = useSyncExternalStore(noSubscription, rememberedCount, () => DEFAULT_SKELETONS);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr]">
          {['col-span-2 lg:col-span-1', '', ''].map((span, i) => (
            <div key={i} className={span}>
              <div className="mb-1 h-4" />
              <div className="h-[3.125rem] rounded-xl border border-white/10 bg-white/5" />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="flex flex-wrap gap-2">
          {['w-14', 'w-28', 'w-24'].map((width) => (
            <div key={width} className={`h-[2.375rem] rounded-full border border-white/10 bg-white/5 ${width}`} />
          ))}
        </div>
        <p role="status" className="text-sm text-slate-400">
          {careersMessages.loading}
        </p>
      </div>
      <div className={GRID}>
        {Array.from({ length: count }, (_, i) => (
          <JobCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}

/** The open positions: department filter, job cards, the loading, empty and error states, and the job modal. */
function Board() {
  const { data: jobs, status, fetching, refetch } = useRequest(fetchOpenJobs);
  const [filters, setFilters] = useState<Filters>(() =>
    typeof window === 'undefined' ? NO_FILTERS : filtersFromSearch(window.location.search),
  );
  const { department } = filters;
  const [selected, setSelected] = useState<Job | null>(null);
  // Read once: opening a job replaces the address (and its query) with the job page's.
  const [source] = useState(() =>
    typeof window === 'undefined' ? DIRECT_SOURCE : sourceFromSearch(window.location.search),
  );
  // Applied for during this visit: marked on their cards; the last one is confirmed above the list.
  const [appliedIds, setAppliedIds] = useState<ReadonlySet<number>>(() =>
    typeof window === 'undefined' ? new Set() : appliedJobIds(),
  );
  const [applied, setApplied] = useState<Applied | null>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  const focusConfirmation = useRef(false);
  const leaveGuardRef = useRef<LeaveGuard | null>(null);

  // The open modal has the job page's URL, so it can be shared, and Back closes it; the source
  // stays in it, so a reload or a shared link still credits where the visitor came from.
  const openJob = useCallback(
    (job: Job) => {
      const url = source === DIRECT_SOURCE ? jobPath(job) : `${jobPath(job)}?${new URLSearchParams({ source })}`;
      window.history.pushState({ ...asRecord(window.history.state), [JOB_STATE_KEY]: job.id }, '', url);
      setSelected(job);
    },
    [source],
  );
  const closeJob = useCallback(() => {
    if (asRecord(window.history.state)[JOB_STATE_KEY] !== undefined) window.history.back();
    else setSelected(null);
  }, []);
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const id = asRecord(event.state)[JOB_STATE_KEY];
      const guard = leaveGuardRef.current;
      if (selected && id !== selected.id && guard?.isFilled()) {
        // Back would drop a filled form: its entry comes back while the visitor decides.
        window.history.pushState({ ...asRecord(event.state), [JOB_STATE_KEY]: selected.id }, '', jobPath(selected));
        void guard.confirmDiscard().then((discard) => discard && closeJob());
        return;
      }
      setSelected(typeof id === 'number' ? ((jobs ?? []).find((job) => job.id === id) ?? null) : null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [jobs, selected, closeJob]);

  useEffect(() => {
    if (jobs) rememberCount(jobs.length);
  }, [jobs]);

  const onApplied = useCallback(
    (job: Job, email: string) => {
      const ids = new Set(appliedIds).add(job.id);
      rememberApplied(ids);
      setAppliedIds(ids);
      setApplied({ job, email });
      focusConfirmation.current = true;
      closeJob();
    },
    [appliedIds, closeJob],
  );
  // Once the modal has closed (and handed focus back to the card), the confirmation takes it.
  useEffect(() => {
    if (!applied || selected || !focusConfirmation.current) return;
    focusConfirmation.current = false;
    const confirmation = confirmationRef.current;
    confirmation?.focus({ preventScroll: true });
    // A frame later, after the closing dialog's own scroll back to the card, which would cut this one short.
    requestAnimationFrame(() => confirmation?.scrollIntoView({ block: 'start' }));
  }, [applied, selected]);

  const departments = useMemo(() => distinctDepartments(jobs ?? []), [jobs]);
  // The job-alert form under the board is static HTML: it gets the departments from here, not from a second request.
  useEffect(() => {
    const select = document.querySelector<HTMLSelectElement>('#job-alert-department');
    if (!select) return;
    const chosen = select.value;
    select.length = 1; // "Every new role" stays first
    for (const d of departments) select.add(new Option(d, d));
    select.value = chosen;
  }, [departments]);
  const locations = useMemo(() => distinctLocations(jobs ?? []), [jobs]);
  const active =
    department === null ? null : (departments.find((d) => inDepartment({ department: d }, department)) ?? department);
  // Cards and the modal spell each department as its filter button does.
  const visible = useMemo(
    () =>
      (jobs ?? [])
        .filter((job) => matchesFilters(job, filters))
        .map((job) => ({
          ...job,
          department: departments.find((d) => sameDepartment(d, job.department)) ?? job.department,
        })),
    [jobs, filters, departments],
  );

  // The address follows the filters (replaced, not pushed: Back leaves the page rather than undoing a keystroke).
  const changeFilters = (next: Filters) => {
    setFilters(next);
    window.history.replaceState(window.history.state, '', urlWithFilters(window.location.href, next));
  };
  const selectDepartment = (next: string | null) => changeFilters({ ...filters, department: next });
  const clearFilters = () => changeFilters(NO_FILTERS);

  if (status === 'pending' || (status === 'error' && fetching)) return <Loading />;

  if (status === 'error') {
    return (
      <Notice role="alert">
        <p className="text-rose-100">{careersMessages.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={refetch}>
          Try again
        </button>
      </Notice>
    );
  }

  if (jobs.length === 0) {
    return (
      <Notice role="status">
        <p className="text-lg text-white">{careersMessages.noJobs}</p>
      </Notice>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {applied && <AppliedConfirmation ref={confirmationRef} applied={applied} onDismiss={() => setApplied(null)} />}
      <div className="flex flex-col gap-4">
        <JobFilters filters={filters} locations={locations} onChange={changeFilters} />
        <DepartmentFilter departments={departments} selected={active} onSelect={selectDepartment} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p aria-live="polite" className="text-sm text-slate-300">
            {rolesCount(visible.length, jobs.length)}
          </p>
          {hasFilters(filters) && (
            <button type="button" className="text-sm font-medium text-brand-200 underline" onClick={clearFilters}>
              Clear all filters
            </button>
          )}
        </div>
      </div>

      {visible.length === 0 ? (
        <Notice role="status">
          <p className="text-lg text-white">
            {hasFilters({ ...filters, department: null })
              ? careersMessages.noJobsForFilters
              : careersMessages.noJobsInDepartment}
          </p>
          <button type="button" className="btn btn-secondary" onClick={clearFilters}>
            Show all positions
          </button>
        </Notice>
      ) : (
        <ul aria-label="Open positions" className={GRID}>
          {visible.map((job) => (
            // Pointing at or tabbing to a card fetches the modal and its description renderer before the click.
            <li key={job.id} className={CARD_ROWS} onPointerEnter={preloadJob} onFocus={preloadJob}>
              <JobCard job={job} applied={appliedIds.has(job.id)} onOpen={openJob} />
            </li>
          ))}
        </ul>
      )}

      {selected && (
        // Nothing in its place while the modal's code arrives (usually fetched already, on pointing at the card).
        <Suspense fallback={null}>
          <JobModal
            key={selected.id}
            job={selected}
            source={source}
            onClose={closeJob}
            onApplied={({ email }) => onApplied(selected, email)}
            leaveGuardRef={leaveGuardRef}
          />
        </Suspense>
      )}
    </div>
  );
}

export default function CareersBoard() {
  return (
    <IslandRoot>
      <Suspense fallback={null}>
        <ResponseTime />
      </Suspense>
      <Board />
    </IslandRoot>
  );
}
