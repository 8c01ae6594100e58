import { formatDayTime, formatTime } from '~/lib/date-time';
import type { AuditEntry } from '~/lib/privacy';

/** One row of the Activity tab: a single entry, or a run of list views by one admin. */
export type ActivityRow = { kind: 'entry'; entry: AuditEntry } | { kind: 'views'; entries: AuditEntry[] };

/** Actions that only list records: a run of them by one admin reads as one row. */
const isListView = (entry: AuditEntry) => entry.action.endsWith('.listed');

/**
 * Folds a run of consecutive list views by one admin (the dashboard lists applicants, messages and
 * the outbox together, so their entries interleave) into one row per kind of list, in the order each
 * kind first appears. The trail, newest first, keeps every entry; this only shortens the tab.
 */
export function groupActivity(entries: readonly AuditEntry[]): ActivityRow[] {
  const rows: ActivityRow[] = [];
  let run: AuditEntry[] = [];
  const flush = () => {
    const byAction = new Map<string, AuditEntry[]>();
    for (const entry of run) byAction.set(entry.action, [...(byAction.get(entry.action) ?? []), entry]);
    for (const group of byAction.values()) {
      rows.push(
        group.length === 1 ? { kind: 'entry', entry: group[0] as AuditEntry } : { kind: 'views', entries: group },
      );
    }
    run = [];
  };
  for (const entry of entries) {
    const joins =
      isListView(entry) && entry.adminId !== null && (run.length === 0 || run[0]?.adminId === entry.adminId);
    if (!joins) flush();
    if (isListView(entry) && entry.adminId !== null) run.push(entry);
    else rows.push({ kind: 'entry', entry });
  }
  flush();
  return rows;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** '10:02–10:15' within a day (local time), '22 Nov, 23:50 – 23 Nov, 00:10' across days. */
export function timeRange(newest: string, oldest: string): string {
  const [from, to] = [new Date(oldest), new Date(newest)];
  if (!sameDay(from, to)) return `${formatDayTime(from)} – ${formatDayTime(to)}`;
  const [a, b] = [formatTime(oldest), formatTime(newest)];
  return a === b ? a : `${a}–${b}`;
}
