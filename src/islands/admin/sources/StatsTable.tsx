import { formatRate, type SourceStats } from '~/lib/sources';

export type StatsRow = SourceStats & { key: string; label: string };

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
  { heading: 'Shortlisted', value: (s: SourceStats) => String(s.shortlisted) },
  { heading: 'Shortlisted per application', value: (s: SourceStats) => formatRate(s.shortlistRate) },
] as const;

const cell = 'px-2 py-2 text-right tabular-nums sm:px-3';

/** Views, applications, shortlisted and their rates, one row each; narrow enough for a phone without scrolling. */
export function StatsTable({ caption, rowHeading, rows, total }: Props) {
  return (
    <div className="card">
      <table className="w-full text-xs sm:text-sm">
        <caption className="px-4 pt-4 text-left text-base font-semibold text-white">{caption}</caption>
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
              <th scope="row" className="break-all px-2 py-2 text-left font-normal sm:px-3">
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
  );
}
