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

function Tiles({
  tiles,
  counts,
  small,
}: {
  tiles: readonly Tile[];
  counts: Record<Tile['key'], number>;
  small?: boolean;
}) {
  return (
    <dl className="grid grid-cols-4 gap-2 sm:gap-3">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={cn(
            'card flex flex-col-reverse justify-end gap-0.5 sm:gap-1',
            small ? 'px-2.5 py-1.5 sm:px-4 sm:py-2' : 'p-2.5 sm:p-4',
          )}
        >
          <dt className="text-xs leading-tight text-slate-300 sm:text-sm">{tile.label}</dt>
          <dd
            className={cn('font-semibold', small ? 'text-base sm:text-xl' : 'text-xl sm:text-3xl', tile.accent)}
            data-counter={tile.key}
          >
            {counts[tile.key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The counters over all applicants, in two rows of four even on phones (the results stay in view). */
export function Counters({ applicants }: { applicants: readonly Applicant[] }) {
  const counts = countByStatus(applicants);
  return (
    <div className="flex flex-col gap-2">
      <Tiles tiles={MAIN} counts={counts} />
      <Tiles tiles={OTHERS} counts={counts} small />
    </div>
  );
}
