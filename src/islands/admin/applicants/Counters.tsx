import { STAGE_LABELS, type Applicant, type ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { countByStatus } from './filter';

type Tile = { key: ApplicantStatus | 'total'; label: string; accent: string };
const stage = (key: ApplicantStatus, accent: string): Tile => ({ key, label: STAGE_LABELS[key], accent });

/** The spec's four counters, in its words. */
const MAIN: readonly Tile[] = [
  { key: 'total', label: 'Total Applications', accent: 'text-brand-300' },
  stage('pending', 'text-amber-300'),
  stage('shortlisted', 'text-emerald-300'),
  stage('rejected', 'text-rose-300'),
];
/** The stages the spec lacks, beside them: with these every applicant is counted once, and they add up to Total. */
const OTHERS: readonly Tile[] = [
  stage('interview', 'text-sky-300'),
  stage('offer', 'text-accent-300'),
  stage('hired', 'text-emerald-200'),
  stage('withdrawn', 'text-slate-300'),
];

function Tiles({ tiles, counts }: { tiles: readonly Tile[]; counts: Record<Tile['key'], number> }) {
  return (
    <dl className="grid grid-cols-4 gap-2 sm:gap-3">
      {tiles.map((tile) => (
        <div key={tile.key} className="card flex flex-col-reverse justify-end gap-0.5 p-2 sm:gap-1 sm:p-4">
          <dt className="text-xs leading-tight text-slate-300 sm:text-sm">{tile.label}</dt>
          <dd className={cn('text-xl font-semibold sm:text-3xl', tile.accent)} data-counter={tile.key}>
            {counts[tile.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The other stages on one line of label and number: the first card stays on the first screen. */
function Line({ tiles, counts }: { tiles: readonly Tile[]; counts: Record<Tile['key'], number> }) {
  return (
    <dl className="card flex flex-wrap gap-x-4 gap-y-1 px-3 py-1 text-xs sm:text-sm">
      {tiles.map((tile) => (
        <div key={tile.key} className="flex items-baseline gap-1">
          <dt className="text-slate-300">{tile.label}</dt>
          <dd className={cn('font-semibold', tile.accent)} data-counter={tile.key}>
            {counts[tile.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The spec's four counters as tiles, the other stages under them on one line. */
export function Counters({ applicants }: { applicants: readonly Applicant[] }) {
  const counts = countByStatus(applicants);
  return (
    <div className="flex flex-col gap-2">
      <Tiles tiles={MAIN} counts={counts} />
      <Line tiles={OTHERS} counts={counts} />
    </div>
  );
}
