import { useId, useMemo } from 'react';
import { APPLICANT_STATUSES, STAGE_LABELS, type Applicant, type ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { formatDayMonth } from '~/lib/date-time';
import { CHART_WEEKS, weeklyApplications, type WeekBucket } from './weekly';

/** Each stage in the status badges' colours. */
const COLOURS: Record<ApplicantStatus, { fill: string; swatch: string }> = {
  pending: { fill: 'fill-amber-300', swatch: 'bg-amber-300' },
  shortlisted: { fill: 'fill-emerald-300', swatch: 'bg-emerald-300' },
  interview: { fill: 'fill-sky-300', swatch: 'bg-sky-300' },
  offer: { fill: 'fill-accent-300', swatch: 'bg-accent-300' },
  hired: { fill: 'fill-emerald-200', swatch: 'bg-emerald-200' },
  rejected: { fill: 'fill-rose-300', swatch: 'bg-rose-300' },
  withdrawn: { fill: 'fill-slate-300', swatch: 'bg-slate-300' },
};

/** Stack order bottom to top: the pipeline's, every stage, so each bar is its week's whole total. */
const SERIES = APPLICANT_STATUSES.map((status) => ({ status, label: STAGE_LABELS[status], ...COLOURS[status] }));

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One sentence a screen reader (or a busy manager) can take in at once. */
export function chartSummary(weeks: WeekBucket[]): string {
  const total = weeks.reduce((sum, w) => sum + w.total, 0);
  if (total === 0) return `No applications in the last ${CHART_WEEKS} weeks.`;
  const thisWeek = (weeks.at(-1) as WeekBucket).total;
  const lastWeek = (weeks.at(-2) as WeekBucket).total;
  const busiest = weeks.reduce((best, w) => (w.total > best.total ? w : best));
  const trend = thisWeek > lastWeek ? 'up from' : thisWeek < lastWeek ? 'down from' : 'the same as';
  return (
    `${plural(total, 'application')} in the last ${CHART_WEEKS} weeks. ` +
    `This week: ${thisWeek}, ${trend} ${lastWeek} last week. ` +
    `Busiest week: ${formatDayMonth(busiest.start)} with ${busiest.total}.`
  );
}

const VIEW_W = 360;
const VIEW_H = 120;
const GAP = 6;

/**
 * At a glance: applications per week over the last 12 weeks, stacked by status.
 * The SVG is one image with a text summary; the numbers are also in a table behind a disclosure.
 */
export function ApplicationsChart({ applicants, now }: { applicants: readonly Applicant[]; now?: Date }) {
  const weeks = useMemo(() => weeklyApplications(applicants, now ?? new Date()), [applicants, now]);
  const summaryId = useId();
  const tableId = `${summaryId}-table`;
  const max = Math.max(1, ...weeks.map((w) => w.total));
  const barW = (VIEW_W - GAP * (weeks.length - 1)) / weeks.length;
  const summary = chartSummary(weeks);

  return (
    <figure className="card flex flex-col gap-4 p-5" aria-labelledby={`${summaryId}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${summaryId}-title`} className="text-base text-white">
          Applications per week, last {CHART_WEEKS} weeks
        </h3>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-300" aria-label="Legend">
          {SERIES.map((s) => (
            <li key={s.status} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('inline-block h-2.5 w-2.5 rounded-sm', s.swatch)} />
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex gap-2">
        <div
          className="flex h-32 flex-col justify-between text-right text-[11px] leading-none text-slate-400"
          aria-hidden="true"
        >
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${VIEW_W} ${VIEW_H}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={`${summaryId}-title`}
            aria-describedby={summaryId}
            className="block h-32 w-full border-b border-l border-white/20"
          >
            {weeks.map((week, i) => {
              let y = VIEW_H;
              const x = i * (barW + GAP);
              return (
                <g key={week.start.toISOString()} aria-hidden="true">
                  <title>{`Week of ${formatDayMonth(week.start)}: ${plural(week.total, 'application')} (${SERIES.map((s) => `${week[s.status]} ${s.label.toLowerCase()}`).join(', ')})`}</title>
                  <rect x={x} y={0} width={barW} height={VIEW_H} fill="transparent" />
                  {SERIES.map((s) => {
                    const h = (week[s.status] / max) * (VIEW_H - 4);
                    y -= h;
                    return h > 0 ? (
                      <rect key={s.status} x={x} y={y} width={barW} height={h} className={s.fill} rx={1.5} />
                    ) : null;
                  })}
                </g>
              );
            })}
          </svg>
          <div
            className="mt-1 grid text-center text-[11px] text-slate-400"
            style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
            aria-hidden="true"
          >
            {weeks.map((week, i) => (
              <span
                key={week.start.toISOString()}
                // Narrow screens label every third week, counted back from this one; wide screens label all.
                className={cn('whitespace-nowrap', (weeks.length - 1 - i) % 3 !== 0 && 'invisible sm:visible')}
              >
                {i === weeks.length - 1 ? 'This wk' : formatDayMonth(week.start)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption id={summaryId} className="text-sm text-slate-300">
        {summary}
      </figcaption>
      <details className="text-sm text-slate-300">
        <summary className="cursor-pointer text-brand-300 hover:text-brand-200">Show the numbers</summary>
        {/* Every stage's column scrolls sideways on a phone: a region the keyboard can reach and scroll. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div role="region" aria-labelledby={tableId} tabIndex={0} className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption id={tableId} className="sr-only">
              Applications per week by status
            </caption>
            <thead>
              <tr className="text-slate-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Week of
                </th>
                {SERIES.map((s) => (
                  <th key={s.status} scope="col" className="py-1 pr-3 font-medium">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="py-1 font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.start.toISOString()} className="border-t border-white/5">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatDayMonth(week.start)}
                  </th>
                  {SERIES.map((s) => (
                    <td key={s.status} className="py-1 pr-3">
                      {week[s.status]}
                    </td>
                  ))}
                  <td className="py-1">{week.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
