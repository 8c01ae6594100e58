import { useId } from 'react';
import { formatRate, type SourceStats } from '~/lib/sources';

type StatsRow = SourceStats & { key: string; label: string };

type Props = {
  /** Names the table (its caption, shown). */
  caption: string;
  /** The first column's heading: what each row is ('Source', 'Week of'). */
  rowHeading: string;
  rows: readonly StatsRow[];
  /** A last row adding every row up, when given. */
  total?: SourceStats;
};

const COLUMNS = [
  { heading: 'Views', value: (s: SourceStats) => String(s.views) },
  { heading: 'Applications', value: (s: SourceStats) => String(s.applications) },
  { heading: 'Applied per view', value: (s: SourceStats) => formatRate(s.applyRate) },
  { heading: 'Shortlisted', value: (s: SourceStats) => String(s.reachedScreening) },
  { heading: 'Shortlisted per application', value: (s: SourceStats) => formatRate(s.screeningRate) },
] as const;

const cell = 'px-2 py-2 text-right tabular-nums sm:px-3';

/**
 * Views, applications, those shortlisted (or further) and their rates, one row each. On a phone the table scrolls
 * sideways inside its own region, which takes keyboard focus so it can be scrolled without a mouse.
 */
export function StatsTable({ caption, rowHeading, rows, total }: Props) {
  const captionId = `${useId()}-caption`;
  return (
    <div>
      {/*
        A region that scrolls must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
        data-scroll fades the edge that has more to scroll to; the line below says so in words on a phone.
      */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="data-scroll card overflow-x-auto">
        <table className="w-full min-w-[34rem] text-sm">
          <caption id={captionId} className="px-4 pt-4 text-left text-base font-semibold text-white">
            {caption}
          </caption>
          <thead>
            <tr className="text-slate-400">
              <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
                {rowHeading}
              </th>
              {COLUMNS.map((column) => (
                <th key={column.heading} scope="col" className="px-2 py-2 text-right align-bottom font-medium sm:px-3">
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-white/5 text-slate-100">
                <th scope="row" className="whitespace-nowrap px-2 py-2 text-left font-normal sm:px-3">
                  {row.label}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.heading} className={cell}>
                    {column.value(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr className="border-t border-white/15 font-semibold text-white">
                <th scope="row" className="px-2 py-2 text-left sm:px-3">
                  Total
                </th>
                {COLUMNS.map((column) => (
                  <td key={column.heading} className={cell}>
                    {column.value(total)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-400 sm:hidden" data-scroll-hint>
        Scroll the table sideways for the rates and the shortlisted →
      </p>
    </div>
  );
}
