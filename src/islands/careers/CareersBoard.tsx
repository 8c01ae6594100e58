import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { jobsQuery } from '~/islands/queries/jobs';
import { jobPath } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { Spinner } from '~/islands/ui/Spinner';
import { DepartmentFilter } from './DepartmentFilter';
import { departmentFromUrl, distinctDepartments, inDepartment, urlWithDepartment } from './departments';
import { JobCard } from './JobCard';
import { JobModal } from './JobModal';
import { careersMessages } from './messages';

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

/** The open positions: department filter, job cards, the loading, empty and error states, and the job modal. */
function Board() {
  const { data: jobs, isPending, isError, isFetching, refetch } = useQuery(jobsQuery());
  const [department, setDepartment] = useState<string | null>(() =>
    typeof window === 'undefined' ? null : departmentFromUrl(window.location.search),
  );
  const [selected, setSelected] = useState<Job | null>(null);

  // The open modal has the job page's URL, so it can be shared, and Back closes it.
  const openJob = useCallback((job: Job) => {
    window.history.pushState({ ...asRecord(window.history.state), [JOB_STATE_KEY]: job.id }, '', jobPath(job));
    setSelected(job);
  }, []);
  const closeJob = useCallback(() => {
    if (asRecord(window.history.state)[JOB_STATE_KEY] !== undefined) window.history.back();
    else setSelected(null);
  }, []);
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const id = asRecord(event.state)[JOB_STATE_KEY];
      setSelected(typeof id === 'number' ? ((jobs ?? []).find((job) => job.id === id) ?? null) : null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [jobs]);

  const departments = useMemo(() => distinctDepartments(jobs ?? []), [jobs]);
  const active =
    department === null ? null : (departments.find((d) => inDepartment({ department: d }, department)) ?? department);
  const visible = useMemo(() => (jobs ?? []).filter((job) => inDepartment(job, active)), [jobs, active]);

  const selectDepartment = (next: string | null) => {
    setDepartment(next);
    window.history.replaceState(window.history.state, '', urlWithDepartment(window.location.href, next));
  };

  if (isPending || (isError && isFetching)) {
    return (
      <Notice role="status">
        <Spinner />
        <p>{careersMessages.loading}</p>
      </Notice>
    );
  }

  if (isError) {
    return (
      <Notice role="alert">
        <p className="text-rose-100">{careersMessages.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
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

  const count = `${visible.length} open ${visible.length === 1 ? 'position' : 'positions'}${active ? ` in ${active}` : ''}`;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <DepartmentFilter departments={departments} selected={active} onSelect={selectDepartment} />
        <p aria-live="polite" className="shrink-0 text-sm text-slate-400">
          {count}
        </p>
      </div>

      {visible.length === 0 ? (
        <Notice role="status">
          <p className="text-lg text-white">{careersMessages.noJobsInDepartment}</p>
          <button type="button" className="btn btn-secondary" onClick={() => selectDepartment(null)}>
            Show all positions
          </button>
        </Notice>
      ) : (
        <ul aria-label="Open positions" className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {visible.map((job) => (
            <li key={job.id}>
              <JobCard job={job} onOpen={openJob} />
            </li>
          ))}
        </ul>
      )}

      {selected && <JobModal key={selected.id} job={selected} onClose={closeJob} />}
    </div>
  );
}

export default function CareersBoard() {
  return (
    <IslandRoot withQuery withToasts>
      <Board />
    </IslandRoot>
  );
}
