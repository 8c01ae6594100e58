import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';

// Its form code (react-hook-form, zod) loads only for a visitor who opened a mailed reset link.
const ResetPasswordForm = lazy(() =>
  import('./ResetPasswordForm').then((module) => ({ default: module.ResetPasswordForm })),
);

const noSubscription = () => () => {};
/** The reset token, read from the address once per page load (undefined: not read yet). */
let resetToken: string | null | undefined;
/** The token of a mailed link (`/adminlogin?reset=TOKEN`); null in the server's HTML. */
function useResetToken(): string | null {
  const token = useSyncExternalStore(
    noSubscription,
    () => (resetToken ??= new URLSearchParams(window.location.search).get('reset')),
    () => null,
  );
  useEffect(() => {
    if (token === null) return;
    // The token leaves the address bar (and the history entry) as soon as it is read, so it is
    // neither shown nor sent on. It stays in memory only, not in sessionStorage: a reload asks
    // for the mailed link again (the form says so), which is safer than keeping a credential in
    // storage any script of the origin can read for the rest of the tab's life.
    const url = new URL(window.location.href);
    url.searchParams.delete('reset');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [token]);
  return token;
}

/** Shows the new-password form when the page was opened from a reset link, else `children` (the login form). */
export function ResetOrLogin({ children }: { children: ReactNode }) {
  const token = useResetToken();
  if (token === null) return children;
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-300">
          Loading…
        </p>
      }
    >
      <ResetPasswordForm token={token} />
    </Suspense>
  );
}
