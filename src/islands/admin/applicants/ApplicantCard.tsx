import { sourceLabel } from '~/lib/source-labels';
import type { Applicant } from '~/lib/schemas';
import { mailtoHref } from '~/lib/mailto';
import { formatDate } from '~/lib/date-time';
import { EraseOn } from '../privacy/EraseOn';
import { Can } from '../session';
import { StatusActions, deleteButtonClass } from './StatusActions';
import { MatchSnippet } from './MatchSnippet';
import { OverdueBadge, StatusBadge } from './StatusBadge';
import type { ApplicantActions } from './useApplicantActions';

type Props = {
  applicant: Applicant;
  actions: ApplicantActions;
  onView: () => void;
  /** Ticked for a bulk action; undefined: no checkbox (viewers). */
  selected?: boolean | undefined;
  /** A click on the checkbox, with Shift for a range. */
  onSelect?: (event: { shiftKey: boolean }) => void;
};

/** Applicant card: name, phone and e-mail, status (and overdue), the search's matching passage, job, department, source, applied date and the actions. */
export function ApplicantCard({ applicant, actions, onView, selected, onSelect }: Props) {
  const busy = actions.isBusy(applicant.id);
  const titleId = `applicant-${applicant.id}-name`;
  return (
    <article className="card flex h-full flex-col gap-4 p-5" aria-labelledby={titleId}>
      <div className="flex flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            {selected !== undefined && (
              <input
                type="checkbox"
                checked={selected}
                aria-label={`Select ${applicant.name}`}
                // onClick, not onChange: the click carries Shift, for ticking a range.
                onClick={(event) => onSelect?.({ shiftKey: event.shiftKey })}
                onChange={() => {}}
                className="h-5 w-5 shrink-0 rounded border-white/30 bg-ink-900 accent-brand-400"
              />
            )}
            <h3 id={titleId} className="min-w-0 truncate text-lg text-white">
              {applicant.name}
            </h3>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <StatusBadge status={applicant.status} />
            {applicant.overdue && <OverdueBadge />}
          </div>
        </div>
        {/* Phone and e-mail side by side; on a narrow card the e-mail takes the next line. */}
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-300">
          <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`} className="inline-block whitespace-nowrap py-1">
            {applicant.phone}
          </a>
          <a href={mailtoHref(applicant.email)} className="inline-block min-w-0 break-all py-1">
            {applicant.email}
          </a>
        </p>
      </div>
      {applicant.match && <MatchSnippet match={applicant.match} />}
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-slate-400">Job:</dt>
          <dd className="text-slate-100">{applicant.jobTitle}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-400">Department:</dt>
          <dd className="text-slate-100">{applicant.department}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-400">Source:</dt>
          <dd className="min-w-0 break-all text-slate-100">{sourceLabel(applicant.source)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-400">Applied:</dt>
          <dd className="text-slate-100">
            <time dateTime={applicant.appliedAt}>{formatDate(applicant.appliedAt)}</time>
          </dd>
        </div>
        {applicant.dueAt && (
          <div className="flex gap-2">
            <dt className="text-slate-400">Answer due:</dt>
            <dd className="text-slate-100">
              <time dateTime={applicant.dueAt}>{formatDate(applicant.dueAt)}</time>
            </dd>
          </div>
        )}
        <div className="flex gap-2">
          <dt className="text-slate-400">Erase on:</dt>
          <dd className="text-slate-100">
            <EraseOn applicant={applicant} />
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-white/10 pt-4">
        <button type="button" className="btn btn-primary px-4 py-2" onClick={onView}>
          View<span className="sr-only"> {applicant.name}</span>
        </button>
        <button
          type="button"
          className="btn btn-secondary px-4 py-2"
          onClick={() => actions.download(applicant)}
          disabled={busy}
        >
          Resume<span className="sr-only"> of {applicant.name}</span>
        </button>
        <StatusActions applicant={applicant} actions={actions} />
        <Can least="recruiter">
          <button type="button" className={deleteButtonClass} onClick={() => actions.remove(applicant)} disabled={busy}>
            Delete<span className="sr-only"> {applicant.name}</span>
          </button>
        </Can>
      </div>
    </article>
  );
}
