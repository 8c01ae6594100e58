import { RECOMMENDATIONS, type Recommendation } from '~/lib/interviews';
import { APPLICANT_STATUSES, type Applicant } from '~/lib/schemas';

/** The table's sortable columns, in their order on screen. */
export const TABLE_COLUMNS = ['name', 'job', 'stage', 'applied', 'source', 'activity', 'scorecards'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];
export const TABLE_COLUMN_LABELS: Record<TableColumn, string> = {
  name: 'Name',
  job: 'Job',
  stage: 'Stage',
  applied: 'Applied',
  source: 'Source',
  activity: 'Last activity',
  scorecards: 'Scorecards',
};

/** A column and its direction; null: the list's own order (applied, newest first; a search's best match first). */
export type TableSort = { column: TableColumn; direction: 'ascending' | 'descending' } | null;

/** The next sort after a click on `column`'s header: ascending first, then each click turns it round. */
export function nextSort(sort: TableSort, column: TableColumn): TableSort {
  if (sort?.column !== column) return { column, direction: 'ascending' };
  return { column, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' };
}

const WEIGHT: Record<Recommendation, number> = { strong_no: -2, no: -1, yes: 1, strong_yes: 2 };

/** Sorting by scorecards: the mean verdict (strong no −2 … strong yes +2); none counts below every verdict. */
function verdict(tally: Applicant['scorecards']): number {
  if (!tally) return Number.NEGATIVE_INFINITY;
  const count = RECOMMENDATIONS.reduce((sum, r) => sum + tally[r], 0);
  return count === 0
    ? Number.NEGATIVE_INFINITY
    : RECOMMENDATIONS.reduce((sum, r) => sum + tally[r] * WEIGHT[r], 0) / count;
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

const compare: Record<TableColumn, (a: Applicant, b: Applicant) => number> = {
  name: (a, b) => byText(a.name, b.name),
  job: (a, b) => byText(a.jobTitle, b.jobTitle),
  stage: (a, b) => APPLICANT_STATUSES.indexOf(a.status) - APPLICANT_STATUSES.indexOf(b.status),
  // ISO 8601 UTC timestamps sort as text.
  applied: (a, b) => a.appliedAt.localeCompare(b.appliedAt),
  source: (a, b) => byText(a.source, b.source),
  activity: (a, b) => (a.lastActivityAt ?? a.appliedAt).localeCompare(b.lastActivityAt ?? b.appliedAt),
  scorecards: (a, b) => verdict(a.scorecards) - verdict(b.scorecards),
};

/** The applicants in the table's order; ties keep the list's order. */
export function sortApplicants(applicants: readonly Applicant[], sort: TableSort): readonly Applicant[] {
  if (sort === null) return applicants;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const by = compare[sort.column];
  // Array.prototype.sort is stable: equal rows stay in the list's order.
  return [...applicants].sort((a, b) => {
    const order = by(a, b);
    return Number.isNaN(order) ? 0 : sign * order;
  });
}
