import type { Applicant } from '~/lib/schemas';
import { countByStatus } from './filter';

const tiles = [
  { key: 'total', label: 'Total Applications', accent: 'text-brand-300' },
  { key: 'pending', label: 'Pending', accent: 'text-amber-300' },
  { key: 'shortlisted', label: 'Shortlisted', accent: 'text-emerald-300' },
  { key: 'rejected', label: 'Rejected', accent: 'text-rose-300' },
] as const;

/** The four counters over all applicants, in one row even on phones (the results stay in view). */
export function Counters({ applicants }: { applicants: readonly Applicant[] }) {
  const counts = countByStatus(applicants);
  return (
    <dl className="grid grid-cols-4 gap-2 sm:gap-3">
      {tiles.map((tile) => (
        <div key={tile.key} className="card flex flex-col-reverse justify-end gap-0.5 p-2.5 sm:gap-1 sm:p-4">
          <dt className="text-xs leading-tight text-slate-300 sm:text-sm">{tile.label}</dt>
          <dd className={`text-xl font-semibold sm:text-3xl ${tile.accent}`} data-counter={tile.key}>
            {counts[tile.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
