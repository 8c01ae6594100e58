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

const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** '10:02–10:15' within a day (local time), 'Nov 22, 23:50 – Nov 23, 00:10' across days. */
export function timeRange(newest: string, oldest: string): string {
  const [from, to] = [new Date(oldest), new Date(newest)];
  if (!sameDay(from, to)) return `${dayTime.format(from)} – ${dayTime.format(to)}`;
  const [a, b] = [time.format(from), time.format(to)];
  return a === b ? a : `${a}–${b}`;
}

/** The time of one entry within a run, '10:02'. */
export const formatTime = (iso: string): string => time.format(new Date(iso));
