import { useId } from 'react';
import type { OtherApplication } from '~/lib/notes';
import { formatDate } from '~/lib/date-time';
import { StatusBadge } from './StatusBadge';

type Props = { applications: OtherApplication[]; onOpen: (id: number) => void };

/** The same person's other applications (same e-mail address or phone), each opening in this dialog. */
export function OtherApplications({ applications, onOpen }: Props) {
  const headingId = useId();
  if (!applications.length) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-base text-white">
        Other applications of this person
      </h3>
      <p className="mt-1 text-sm text-slate-400">Linked by the same e-mail address or phone number.</p>
      <ul className="mt-3 flex flex-col divide-y divide-white/10 rounded-xl border border-white/10">
        {applications.map((other) => (
          <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <p className="break-words text-slate-100">{other.jobTitle}</p>
              <p className="text-sm text-slate-400">
                Applied <time dateTime={other.appliedAt}>{formatDate(other.appliedAt)}</time>
              </p>
            </div>
            <div className="flex items-center gap-3">
              {/* Not 'Status:': the dialog states one status, the one of the application it shows. */}
              <StatusBadge status={other.status} prefix="That application: " />
              <button type="button" className="btn btn-secondary px-3 py-1.5 text-sm" onClick={() => onOpen(other.id)}>
                Open<span className="sr-only"> the application for {other.jobTitle}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
