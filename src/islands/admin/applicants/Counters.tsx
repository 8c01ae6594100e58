import type { Applicant } from '~/lib/schemas';
import { countByStatus } from './filter';

const tiles = [
  { key: 'total', label: 'Total Applications', accent: 'text-brand-300' },
  { key: 'pending', label: 'Pending', accent: 'text-amber-300' },
  { key: 'shortlisted', label: 'Shortlisted', accent: 'text-emerald-300' },
  { key: 'rejected', label: 'Rejected', accent: 'text-rose-300' },
] as const;

/** The four counters over all applicants. */
export function Counters({ applicants }: { applicants: readonly Applicant[] }) {
  const counts = countByStatus(applicants);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile.key} className="card flex flex-col-reverse gap-1 p-4">
          <dt className="text-sm text-slate-300">{tile.label}</dt>
          <dd className={`text-3xl font-semibold ${tile.accent}`} data-counter={tile.key}>
            {counts[tile.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
