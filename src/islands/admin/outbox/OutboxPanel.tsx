import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { retryFailedMails, retryMail } from '~/lib/api/outbox';
import { outboxKeys, outboxQuery } from '~/islands/queries/outbox';
import { MAIL_KINDS, outboxMessages, type OutboxDisplayStatus, type OutboxMail } from '~/lib/schemas';
import { inputClass } from '~/islands/ui/Field';
import { formatLongDate } from '../format';
import { AdminPanel } from '../AdminPanel';
import { useAdminMutation } from '../useAdminMutation';
import { QueryState, StateMessage } from '../StateMessage';
import { HeldMails } from './HeldMails';
import { MailText } from './MailText';
import { OutboxStatusBadge, outboxStatusStyles } from './OutboxStatusBadge';

const outboxTexts = {
  loading: 'Loading mails...',
  empty: 'No mails yet',
  fetchFailed: 'Failed to fetch mails',
  retryFailed: 'Failed to retry the mail',
  retryAllFailed: 'Failed to retry the failed mails',
  noMatch: 'No mails match the filters',
} as const;

type MailFilter = { status: OutboxDisplayStatus | 'all'; search: string };

/** The mails of `status` whose recipient or subject holds `search` (any case). */
function filterMails(mails: readonly OutboxMail[], { status, search }: MailFilter): OutboxMail[] {
  const words = search.trim().toLocaleLowerCase();
  return mails.filter(
    (mail) =>
      (status === 'all' || mail.status === status) &&
      (words === '' || `${mail.recipient} ${mail.subject}`.toLocaleLowerCase().includes(words)),
  );
}

function MailFilters({ filter, onChange }: { filter: MailFilter; onChange: (filter: MailFilter) => void }) {
  return (
    <div role="search" aria-label="Filter mails" className="grid gap-2 sm:grid-cols-[2fr_1fr] sm:gap-3">
      <div>
        <label htmlFor="outbox-search" className="sr-only">
          Search recipient or subject
        </label>
        <input
          id="outbox-search"
          type="search"
          value={filter.search}
          onChange={(event) => onChange({ ...filter, search: event.target.value })}
          placeholder="Recipient or subject"
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="outbox-status" className="sr-only">
          Filter by delivery state
        </label>
        <select
          id="outbox-status"
          value={filter.status}
          onChange={(event) => onChange({ ...filter, status: event.target.value as MailFilter['status'] })}
          className={inputClass}
        >
          <option value="all">All states</option>
          {Object.entries(outboxStatusStyles).map(([status, style]) => (
            <option key={status} value={status}>
              {style.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function MailCard({ mail, onRetry, retrying }: { mail: OutboxMail; onRetry: () => void; retrying: boolean }) {
  const titleId = `mail-${mail.id}-subject`;
  return (
    <article className="card flex flex-col gap-3 p-5" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">{MAIL_KINDS[mail.kind].label}</p>
          <h3 id={titleId} className="break-words text-lg text-white">
            {mail.subject}
          </h3>
        </div>
        <OutboxStatusBadge status={mail.status} />
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-slate-400">To</dt>
        <dd className="break-all text-slate-100">{mail.recipient}</dd>
        <dt className="text-slate-400">Created</dt>
        <dd className="text-slate-100">
          <time dateTime={mail.createdAt}>{formatLongDate(mail.createdAt)}</time>
        </dd>
        <dt className="text-slate-400">Attempts</dt>
        <dd className="text-slate-100">{mail.attempts}</dd>
        {mail.lastError && (
          <>
            <dt className="text-slate-400">Last error</dt>
            <dd className="break-words font-mono text-xs text-rose-200">{mail.lastError}</dd>
          </>
        )}
      </dl>
      <MailText mail={mail} />
      {mail.status === 'failed' && (
        <div>
          <button type="button" className="btn btn-secondary px-4 py-2" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying...' : 'Retry now'}
            <span className="sr-only"> {mail.subject}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/** The Outbox tab: every mail the site sends, its delivery state, and 'Retry now' for failed ones. */
export function OutboxPanel() {
  // Two views of one query: the list (with its loading, error and empty states) and the SMTP flag.
  const mails = useQuery({ ...outboxQuery(), select: (data) => data.mails });
  const configured = useQuery({ ...outboxQuery(), select: (data) => data.configured });
  const failed = useQuery({ ...outboxQuery(), select: (data) => data.counts.failed });
  const held = useQuery({ ...outboxQuery(), select: (data) => data.counts.held });
  const [filter, setFilter] = useState<MailFilter>({ status: 'all', search: '' });
  const shown = useMemo(() => filterMails(mails.data ?? [], filter), [mails.data, filter]);
  const retry = useAdminMutation({
    mutationFn: (mail: OutboxMail) => retryMail(mail.id),
    success: ({ message }) => message,
    failure: outboxTexts.retryFailed,
    invalidates: [outboxKeys.all],
  });
  const retryAll = useAdminMutation({
    mutationFn: retryFailedMails,
    success: ({ message }) => message,
    failure: outboxTexts.retryAllFailed,
    invalidates: [outboxKeys.all],
  });

  return (
    <AdminPanel
      id="outbox"
      title="Outbox"
      intro={
        <>
          Mails to the hiring team, applicants and sales, newest first. Failed ones are tried again with &lsquo;Retry
          now&rsquo;, one by one or all at once (after fixing the mail server&rsquo;s settings, say).
        </>
      }
    >
      {configured.data === false && (
        <p className="rounded-xl border border-amber-300/40 bg-amber-950/60 px-4 py-3 text-sm text-amber-50">
          {outboxMessages.notConfigured}
        </p>
      )}
      {Boolean(held.data) && <HeldMails count={held.data ?? 0} />}
      {Boolean(failed.data) && (
        <div>
          <button
            type="button"
            className="btn btn-secondary px-4 py-2"
            onClick={() => retryAll.mutate()}
            disabled={retryAll.isPending}
          >
            {retryAll.isPending ? 'Retrying...' : `Retry all ${failed.data} failed`}
          </button>
        </div>
      )}
      <QueryState query={mails} items={mails.data} texts={outboxTexts}>
        {(items) => (
          <>
            <MailFilters filter={filter} onChange={setFilter} />
            <p aria-live="polite" className="text-sm text-slate-400">
              Showing {shown.length} of {items.length} mails
            </p>
            {shown.length === 0 ? (
              <StateMessage kind="empty">{outboxTexts.noMatch}</StateMessage>
            ) : (
              <ul className="flex flex-col gap-4" aria-label="Mails">
                {shown.map((mail) => (
                  <li key={mail.id}>
                    <MailCard
                      mail={mail}
                      retrying={retry.isPending && retry.variables.id === mail.id}
                      onRetry={() => retry.mutate(mail)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </AdminPanel>
  );
}
