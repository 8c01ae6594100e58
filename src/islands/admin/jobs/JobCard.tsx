import { descriptionText } from '~/lib/job-description-text';
import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { APPLICANT_STATUSES, jobMessages, type AdminJob, type ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { formatDate, formatUtcDay } from '~/lib/date-time';
import { applicantsOfJobHref, showApplicantsOfJob } from '../applicants/job-link';
import { statusStyles } from '../applicants/StatusBadge';
import { isPlainClick } from '~/islands/ui/plain-click';

type Props = {
  job: AdminJob;
  /** Its applicants by status; undefined while the applicants are loading. */
  counts: Record<ApplicantStatus | 'total', number> | undefined;
  /** Without them (a viewer), no Edit, Close and Delete buttons. */
  onEdit?: (() => void) | undefined;
  onToggleOpen?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** Opens its interview slots (recruiters and owners). */
  onSlots?: (() => void) | undefined;
  busy: boolean;
};

/** Its applicants by stage (the stages that hold someone, in pipeline order) and the link to them (the Applicants tab filtered by this vacancy). */
function ApplicantCounts({ job, counts }: Pick<Props, 'job' | 'counts'>) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    showApplicantsOfJob(job.id);
  };
  if (!counts) return <p className="text-sm text-slate-400">Counting applicants...</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-white/10 bg-white/[0.03] px-4 py-3 text-sm">
      <p className="text-slate-100">
        <span className="font-semibold">{counts.total}</span> applicant{counts.total === 1 ? '' : 's'}
        {counts.total > 0 && (
          <span className="text-slate-300">
            {APPLICANT_STATUSES.filter((status) => counts[status] > 0).map((status) => (
              <span key={status}>
                {' · '}
                {counts[status]} {statusStyles[status].label.toLowerCase()}
              </span>
            ))}
          </span>
        )}
      </p>
      {counts.total > 0 && (
        <a
          href={applicantsOfJobHref(job.id)}
          onClick={follow}
          className="font-semibold text-brand-300 hover:text-brand-200 sm:ml-auto"
        >
          View applicants<span className="sr-only"> for {job.title}</span>
          <span aria-hidden="true"> →</span>
        </a>
      )}
    </div>
  );
}

/** One vacancy: title, its state, facts, posted date, applicants, Edit, Interview slots, Close/Reopen, Delete and Expand/Collapse. */
export function JobCard({ job, counts, onEdit, onToggleOpen, onDelete, onSlots, busy }: Props) {
  const [expanded, setExpanded] = useState(false);
  // Expand is offered only when the three-line clamp actually hides text (re-measured on resize).
  const [clamped, setClamped] = useState(false);
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  const descriptionId = useId();

  useEffect(() => {
    const el = descriptionRef.current;
    if (!el || expanded) return;
    const measure = () => setClamped(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, job.description]);
  const facts: [string, string][] = [
    ['Location', job.location],
    ['Job type', job.jobType],
    ['Department', job.department],
    ...(job.salaryRange ? ([['Salary', job.salaryRange]] as [string, string][]) : []),
    ['Posted', formatDate(job.created_at)],
  ];

  const open = job.status === 'open';

  return (
    <article
      className={cn('card flex flex-col gap-4 p-5 sm:p-6', !open && 'border-dashed')}
      aria-labelledby={`${descriptionId}-title`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={`${descriptionId}-title`} className="text-lg text-white">
            {job.title}
          </h3>
          {job.kind === 'open' && (
            <span className="rounded-full bg-brand-400 px-2.5 py-0.5 text-xs font-semibold text-ink-900">
              General applications
            </span>
          )}
          {open ? (
            <span className="rounded-full bg-emerald-300 px-2.5 py-0.5 text-xs font-semibold text-emerald-950">
              Active
            </span>
          ) : (
            <span className="rounded-full bg-slate-300 px-2.5 py-0.5 text-xs font-semibold text-slate-950">
              Closed
              {job.closedAt && <span className="font-normal"> {formatDate(job.closedAt)}</span>}
            </span>
          )}
        </div>
        {onEdit && onToggleOpen && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-secondary px-4 py-2" onClick={onEdit}>
              Edit<span className="sr-only"> {job.title}</span>
            </button>
            {onSlots && (
              <button type="button" className="btn btn-secondary px-4 py-2" onClick={onSlots}>
                Interview slots<span className="sr-only"> of {job.title}</span>
              </button>
            )}
            <button type="button" className="btn btn-secondary px-4 py-2" onClick={onToggleOpen} disabled={busy}>
              {open ? 'Close' : 'Reopen'}
              <span className="sr-only"> {job.title}</span>
            </button>
            {onDelete && (
              <button
                type="button"
                className="btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25"
                onClick={onDelete}
                disabled={busy}
              >
                Delete<span className="sr-only"> {job.title}</span>
              </button>
            )}
          </div>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs uppercase tracking-wide text-slate-400">{term}</dt>
            <dd className="text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      {open && job.closesAt && (
        <p className="text-sm text-slate-300">
          <time dateTime={job.closesAt}>{jobMessages.closesOn(formatUtcDay(job.closesAt))}</time>
        </p>
      )}
      <div>
        <p
          ref={descriptionRef}
          id={descriptionId}
          className={cn('whitespace-pre-line text-sm leading-relaxed text-slate-300', !expanded && 'line-clamp-3')}
        >
          {descriptionText(job.description)}
        </p>
        {(clamped || expanded) && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((value) => !value)}
            className="mt-2 text-sm font-semibold text-brand-300 hover:text-brand-200"
          >
            {expanded ? 'Collapse' : 'Expand'}
            <span className="sr-only"> description of {job.title}</span>
          </button>
        )}
      </div>
      <ApplicantCounts job={job} counts={counts} />
    </article>
  );
}
