import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { ApiError } from '~/lib/api/client';
import { forgetAppliedJobs } from '~/lib/applied-jobs';
import { fetchApplication } from '~/lib/api/applications';
import { applicationPageMessages as m } from '~/lib/schemas/application-page';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { useHydrated } from '~/islands/ui/useHydrated';
import { useRequest } from '~/islands/ui/useRequest';
import { ApplicationStatus } from './ApplicationStatus';
import { takeApplicationToken } from './token';

// Loaded only when there is no working link: most visitors arrive with one and never need the form.
const LazySendLinkForm = lazy(() => import('./SendLinkForm').then(({ SendLinkForm }) => ({ default: SendLinkForm })));
function SendLinkForm() {
  // Not in the server's HTML: a streamed Suspense boundary there leaves ids that are not valid HTML.
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <LazySendLinkForm />
    </Suspense>
  ) : null;
}

const noSubscription = () => () => {};
/** Read once per page load (undefined: not yet), as the address loses the token when read. */
let pageToken: string | null | undefined;
const useApplicationToken = () =>
  useSyncExternalStore(
    noSubscription,
    () => (pageToken ??= takeApplicationToken()),
    () => null,
  );

const notice = 'rounded-2xl border border-white/10 bg-ink-800/60 p-5 text-sm leading-6 text-slate-200 sm:p-6';

/** A token's application, or what to do without one (an unknown or erased token looks the same). */
function Application({ token }: { token: string }) {
  const [erased, setErased] = useState(false);
  const load = useCallback((signal: AbortSignal) => fetchApplication(token, signal), [token]);
  const query = useRequest(load, !erased);
  if (erased) {
    return (
      <p role="status" className={notice}>
        {m.erased}
      </p>
    );
  }
  if (query.status === 'pending') {
    return (
      <p role="status" className="text-sm text-slate-300">
        Loading your application…
      </p>
    );
  }
  if (query.status === 'error') {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-6">
        <p role="alert" className={notice}>
          {missing ? m.notFound : m.loadFailed}
        </p>
        {missing ? (
          <SendLinkForm />
        ) : (
          <button type="button" className="btn btn-secondary self-start" onClick={query.refetch}>
            Try again
          </button>
        )}
      </div>
    );
  }
  return (
    <ApplicationStatus
      token={token}
      view={query.data}
      onChanged={query.refetch}
      onErased={() => {
        // The careers pages of this browser would still say "Applied" for what is erased.
        forgetAppliedJobs();
        setErased(true);
      }}
    />
  );
}

function Page() {
  const token = useApplicationToken();
  if (token) return <Application token={token} />;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-base leading-7 text-slate-300">
        The receipt we e-mailed when you applied holds the link to this page. Lost it? Enter the address you applied
        with and we will send the link to each of your applications again.
      </p>
      <SendLinkForm />
    </div>
  );
}

export default function ApplicationPage() {
  return (
    <IslandRoot withToasts>
      <Page />
    </IslandRoot>
  );
}
