import { MutationCache, type Query, type QueryClient } from '@tanstack/react-query';

/** Other browser tabs of the dashboard hear of a change on this channel. */
const CHANNEL = 'edgecraft-admin-changes';

/** Data whose reading is itself recorded (the applicant's detail is an audited view): never refetched unasked. */
const AUDITED_VIEWS = new Set<unknown>(['applicant-detail']);
const refetchable = (query: Query) => !AUDITED_VIEWS.has(query.queryKey[0]);

let channel: BroadcastChannel | null | undefined;
const changes = () => (channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/**
 * After any change that succeeded, on this page or in another tab of the dashboard, every list
 * (applicants, counts, Sources, Outbox, Activity…) is invalidated by key, so each panel refetches
 * what it shows now or when it is next opened, and they agree with the API.
 */
export function changeTracking(getClient: () => QueryClient): MutationCache {
  const refresh = () => void getClient().invalidateQueries({ predicate: refetchable });
  changes()?.addEventListener('message', refresh);
  return new MutationCache({
    onSuccess: () => {
      refresh();
      changes()?.postMessage('changed');
    },
  });
}
