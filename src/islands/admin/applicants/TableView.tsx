import type { MouseEvent } from 'react';
import type { Applicant } from '~/lib/schemas';
import { formatDate } from '~/lib/date-time';
import { scorecardTally } from '~/lib/interviews';
import { sourceLabel } from '~/lib/source-labels';
import { OverdueBadge, StatusBadge } from './StatusBadge';
import { TABLE_COLUMN_LABELS, TABLE_COLUMNS, type TableColumn, type TableSort } from './table-sort';

type Props = {
  /** In the table's order. */
  applicants: readonly Applicant[];
  sort: TableSort;
  onSort: (column: TableColumn) => void;
  /** The ticked applicants; undefined: no checkboxes (viewers). */
  selected: ReadonlySet<number> | undefined;
  /** A click on a checkbox, with Shift for a range. */
  onSelect: (id: number, event: { shiftKey: boolean }) => void;
  onView: (id: number) => void;
};

const ARROWS = { ascending: '▲', descending: '▼' } as const;

/** An empty cell: a dash to the eye, a word to a screen reader. */
const NONE = (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">None</span>
  </>
);

/**
 * The dense view: one compact row per applicant, sortable by each column. A row opens the applicant
 * (its name is the button for keyboards); nothing in a row deletes.
 */
export function TableView({ applicants, sort, onSort, selected, onSelect, onView }: Props) {
  // A click anywhere on a row opens it; not one in the checkbox's cell (a near miss must not open), on the
  // name's own button, or one that ends a drag selecting the row's text.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: number) => {
    if (event.target instanceof Element && event.target.closest('input, button, a, label, [data-select-cell]')) return;
    if (window.getSelection()?.isCollapsed === false) return;
    onView(id);
  };
  return (
    // Scrolled sideways on a phone; positioned, so the cells' screen-reader-only text stays inside it.
    <div
      role="region"
      aria-label="Table of applicants"
      // A region that scrolls must be reachable by keyboard (axe's scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-white/10"
    >
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Applicants</caption>
        <thead className="border-b border-white/10 bg-white/5 text-slate-300">
          <tr>
            {selected !== undefined && (
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">Selected</span>
              </th>
            )}
            {TABLE_COLUMNS.map((column) => {
              const direction = sort?.column === column ? sort.direction : undefined;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={direction}
                  className="whitespace-nowrap px-3 py-2 font-semibold"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    className="-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-white"
                  >
                    {TABLE_COLUMN_LABELS[column]}
                    <span aria-hidden="true" className={direction ? 'text-brand-300' : 'text-slate-500'}>
                      {direction ? ARROWS[direction] : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {applicants.map((applicant) => (
            // The name's button is the keyboard's way in; the row's click is a larger target for the mouse.
            <tr
              key={applicant.id}
              data-applicant-row={applicant.id}
              onClick={(event) => openRow(event, applicant.id)}
              className={`cursor-pointer hover:bg-white/5 ${selected?.has(applicant.id) ? 'bg-brand-400/10' : ''}`}
            >
              {selected !== undefined && (
                <td data-select-cell className="px-3 py-2">
                  <input
                    type="checkbox"
                    checked={selected.has(applicant.id)}
                    aria-label={`Select ${applicant.name}`}
                    // onClick, not onChange: the click carries Shift, for ticking a range.
                    onClick={(event) => onSelect(applicant.id, { shiftKey: event.shiftKey })}
                    onChange={() => {}}
                    className="h-4 w-4 rounded border-white/30 bg-ink-900 align-middle accent-brand-400"
                  />
                </td>
              )}
              <td className="max-w-[14rem] px-3 py-2">
                <button
                  type="button"
                  onClick={() => onView(applicant.id)}
                  className="block max-w-full truncate text-left font-medium text-white underline-offset-2 hover:underline"
                >
                  {applicant.name}
                </button>
              </td>
              <td className="max-w-[14rem] truncate px-3 py-2 text-slate-200">{applicant.jobTitle}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <span className="inline-flex items-center gap-1">
                  <StatusBadge status={applicant.status} prefix="" />
                  {applicant.overdue && <OverdueBadge />}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-200">
                <time dateTime={applicant.appliedAt}>{formatDate(applicant.appliedAt)}</time>
              </td>
              <td className="max-w-[10rem] truncate px-3 py-2 text-slate-200">{sourceLabel(applicant.source)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-200">
                {applicant.lastActivityAt ? (
                  <time dateTime={applicant.lastActivityAt}>{formatDate(applicant.lastActivityAt)}</time>
                ) : (
                  NONE
                )}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-200">
                {(applicant.scorecards && scorecardTally(applicant.scorecards)) || NONE}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
