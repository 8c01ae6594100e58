import type { Applicant } from '~/lib/schemas';
import { formatDate } from '../format';
import { EraseOn } from '../privacy/EraseOn';
import { Can } from '../session';
import { StatusActions, deleteButtonClass } from './StatusActions';
import { StatusBadge } from './StatusBadge';
import type { ApplicantActions } from './useApplicantActions';

type Props = { applicant: Applicant; actions: ApplicantActions; onView: () => void };

/** Applicant card: name, phone, status, job, department, applied date and the actions. */
export function ApplicantCard({ applicant, actions, onView }: Props) {
  const busy = actions.isBusy(applicant.id);
  const titleId = `applicant-${applicant.id}-name`;
  return (
    <article className="card flex h-full flex-col gap-4 p-5" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate text-lg text-white">
            {applicant.name}
          </h3>
          <p className="text-sm text-slate-300">
            <a href={`tel:${applicant.phone.replace(/[^\d+]/g, '')}`}>{applicant.phone}</a>
          </p>
        </div>
        <StatusBadge status={applicant.status} />
      </div>
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
          <dt className="text-slate-400">Applied:</dt>
          <dd className="text-slate-100">
            <time dateTime={applicant.appliedAt}>{formatDate(applicant.appliedAt)}</time>
          </dd>
        </div>
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
