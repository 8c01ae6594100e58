import { stageDeadlineMessages } from '~/lib/stage-deadlines';
import { APPLICANT_STATUSES, applicantMessages, type ApplicantStatus } from '~/lib/schemas';
import { inputClass } from '~/islands/ui/Field';
import type { ApplicantFilter } from './filter';
import { statusStyles } from './StatusBadge';

type Props = {
  filter: ApplicantFilter;
  onChange: (filter: ApplicantFilter) => void;
  jobs: { id: number; label: string }[];
};

/** Search (name, e-mail, job title, cover letter, resume text: on the server), status, job and overdue filters; they combine. On phones the overdue box sits beside the search and the two selects share the next row, so the first card stays on the first screen. */
export function Filters({ filter, onChange, jobs }: Props) {
  return (
    <div
      role="search"
      aria-label="Filter applicants"
      className="grid grid-cols-[1fr_auto] items-center gap-2 md:grid-cols-[2fr_1fr_1fr_auto] md:gap-3"
    >
      <div>
        <label htmlFor="applicant-search" className="sr-only">
          {applicantMessages.searchLabel}
        </label>
        <input
          id="applicant-search"
          type="search"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
          placeholder={applicantMessages.searchPlaceholder}
          className={inputClass}
        />
      </div>
      <div className="order-last col-span-2 grid grid-cols-2 gap-2 md:order-none md:contents">
        <div>
          <label htmlFor="applicant-status" className="sr-only">
            Filter by status
          </label>
          <select
            id="applicant-status"
            value={filter.status}
            onChange={(event) => onChange({ ...filter, status: event.target.value as ApplicantStatus | 'all' })}
            className={inputClass}
          >
            <option value="all">All Status</option>
            {APPLICANT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusStyles[status].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="applicant-job" className="sr-only">
            Filter by job
          </label>
          <select
            id="applicant-job"
            value={String(filter.jobId)}
            onChange={(event) =>
              onChange({ ...filter, jobId: event.target.value === 'all' ? 'all' : Number(event.target.value) })
            }
            className={inputClass}
          >
            <option value="all">All Jobs</option>
            {jobs.map((job) => (
              <option key={job.id} value={job.id}>
                {job.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="inline-flex items-center gap-2 text-sm text-slate-200">
        <input
          type="checkbox"
          checked={filter.overdue}
          onChange={(event) => onChange({ ...filter, overdue: event.target.checked })}
          className="h-5 w-5 shrink-0 rounded border-white/30 bg-ink-900 accent-brand-400"
        />
        {stageDeadlineMessages.overdueOnly}
      </label>
    </div>
  );
}
