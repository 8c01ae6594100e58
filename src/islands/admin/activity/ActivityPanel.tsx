import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { auditQuery, type AuditFilter } from '~/islands/queries/privacy';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '~/lib/privacy';
import { inputClass } from '~/islands/ui/Field';
import { formatLongDate } from '../format';
import { AdminPanel } from '../AdminPanel';
import { QueryState } from '../StateMessage';
import { formatTime, groupActivity, timeRange } from './group';

const activityTexts = {
  loading: 'Loading activity...',
  empty: 'No activity recorded',
  fetchFailed: 'Failed to fetch activity',
  more: 'Show older entries',
} as const;

const ALL: AuditFilter = { action: 'all', adminId: 'all', listViews: false };
const ACTIONS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

const SUBJECT_LABELS: Record<NonNullable<AuditEntry['subjectType']>, string> = {
  applicant: 'Applicant',
  message: 'Message',
  job: 'Job',
  admin: 'Team member',
};

const subjectLabel = (entry: AuditEntry) =>
  entry.subjectType && entry.subjectId !== null
    ? `${SUBJECT_LABELS[entry.subjectType] ?? entry.subjectType} #${entry.subjectId}`
    : null;

function EntryRow({ entry }: { entry: AuditEntry }) {
  const subject = subjectLabel(entry);
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <time dateTime={entry.at} className="text-sm text-slate-400">
        {formatLongDate(entry.at)}
      </time>
      <div className="min-w-0">
        <p className="text-slate-100">
          <span className="font-semibold">{AUDIT_ACTIONS[entry.action] ?? entry.action}</span>
          {subject && <span className="text-slate-300"> · {subject}</span>}
        </p>
        <p className="break-words text-sm text-slate-400">
          {entry.adminEmail ?? 'System'}
          {entry.summary !== AUDIT_ACTIONS[entry.action] && ` · ${entry.summary}`}
        </p>
      </div>
    </li>
  );
}

/** A run of list views by one admin: 'Listed applicants 12 times, 10:02–10:15', each time on request. */
function ViewsRow({ entries }: { entries: AuditEntry[] }) {
  const newest = entries[0] as AuditEntry;
  const oldest = entries.at(-1) as AuditEntry;
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <time dateTime={newest.at} className="text-sm text-slate-400">
        {formatLongDate(newest.at)}
      </time>
      <div className="min-w-0">
        <p className="text-slate-100">
          <span className="font-semibold">
            {AUDIT_ACTIONS[newest.action] ?? newest.action} {entries.length} times
          </span>
          <span className="text-slate-300">, {timeRange(newest.at, oldest.at)}</span>
        </p>
        <p className="break-words text-sm text-slate-400">{newest.adminEmail}</p>
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-brand-300 hover:text-brand-200">Show each entry</summary>
          <ol className="mt-2 flex flex-col gap-1 text-slate-300">
            {entries.map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                {entry.summary !== AUDIT_ACTIONS[entry.action] && ` · ${entry.summary}`}
              </li>
            ))}
          </ol>
        </details>
      </div>
    </li>
  );
}

/**
 * The Activity tab: the audit trail, newest first, filtered by admin and by action, a page at a
 * time, consecutive list views by one admin shown as one row. Read-only: the API has no route that
 * changes or deletes an entry.
 */
export function ActivityPanel() {
  const [filter, setFilter] = useState<AuditFilter>(ALL);
  const activity = useInfiniteQuery(auditQuery(filter));
  const entries = useMemo(() => activity.data?.pages.flatMap((p) => p.entries) ?? [], [activity.data]);
  const admins = activity.data?.pages[0]?.admins ?? [];
  const rows = useMemo(() => groupActivity(entries), [entries]);

  return (
    <AdminPanel
      id="activity"
      title="Activity"
      intro="Who viewed, downloaded, changed, exported or erased personal data, who changed vacancies or admin accounts, and every sign-in and sign-out."
    >
      <div role="search" aria-label="Filter activity" className="grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor="activity-admin" className="sr-only">
            Filter by admin
          </label>
          <select
            id="activity-admin"
            value={String(filter.adminId)}
            onChange={(event) =>
              setFilter({ ...filter, adminId: event.target.value === 'all' ? 'all' : Number(event.target.value) })
            }
            className={inputClass}
          >
            <option value="all">All admins</option>
            {admins.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="activity-action" className="sr-only">
            Filter by action
          </label>
          <select
            id="activity-action"
            value={filter.action}
            onChange={(event) => setFilter({ ...filter, action: event.target.value as AuditAction | 'all' })}
            className={inputClass}
          >
            <option value="all">All actions</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTIONS[action]}
              </option>
            ))}
          </select>
        </div>
        <label className="inline-flex items-center gap-2 text-sm text-slate-200 md:col-span-2">
          <input
            type="checkbox"
            checked={filter.listViews}
            onChange={(event) => setFilter({ ...filter, listViews: event.target.checked })}
            className="h-5 w-5 shrink-0 rounded border-white/30 bg-ink-900 accent-brand-400"
          />
          Show list views (Listed applicants, messages, outbox)
        </label>
      </div>
      <QueryState query={activity} items={activity.data && entries} texts={activityTexts} empty={activityTexts.empty}>
        {() => (
          <>
            <ol aria-label="Activity entries" className="card divide-y divide-white/10 p-0">
              {rows.map((row) =>
                row.kind === 'entry' ? (
                  <EntryRow key={row.entry.id} entry={row.entry} />
                ) : (
                  <ViewsRow key={(row.entries[0] as AuditEntry).id} entries={row.entries} />
                ),
              )}
            </ol>
            {activity.hasNextPage && (
              <button
                type="button"
                className="btn btn-secondary self-center"
                onClick={() => void activity.fetchNextPage()}
                disabled={activity.isFetchingNextPage}
              >
                {activity.isFetchingNextPage ? 'Loading...' : activityTexts.more}
              </button>
            )}
          </>
        )}
      </QueryState>
    </AdminPanel>
  );
}
