import { useEffect, useId, useRef, useState } from 'react';
import type { Job } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { formatDate } from '../format';

type Props = {
  job: Job;
  /** Without them (a viewer), no Edit and Delete buttons. */
  onEdit?: () => void;
  onDelete?: () => void;
  deleting: boolean;
};

/** One vacancy: title, 'Active', facts, posted date, Edit, Delete and Expand/Collapse. */
export function JobCard({ job, onEdit, onDelete, deleting }: Props) {
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

  return (
    <article className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby={`${descriptionId}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={`${descriptionId}-title`} className="text-lg text-white">
            {job.title}
          </h3>
          <span className="rounded-full bg-emerald-300 px-2.5 py-0.5 text-xs font-semibold text-emerald-950">
            Active
          </span>
        </div>
        {onEdit && onDelete && (
          <div className="flex gap-2">
            <button type="button" className="btn btn-secondary px-4 py-2" onClick={onEdit}>
              Edit<span className="sr-only"> {job.title}</span>
            </button>
            <button
              type="button"
              className="btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25"
              onClick={onDelete}
              disabled={deleting}
            >
              Delete<span className="sr-only"> {job.title}</span>
            </button>
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
      <div>
        <p
          ref={descriptionRef}
          id={descriptionId}
          className={cn('whitespace-pre-line text-sm leading-relaxed text-slate-300', !expanded && 'line-clamp-3')}
        >
          {job.description}
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
    </article>
  );
}
