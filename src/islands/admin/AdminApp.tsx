import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { verifyQuery } from '~/islands/queries/auth';
import { expireSession, getToken } from '~/lib/api/session';
import { IslandRoot } from '~/islands/ui/IslandRoot';
import { QueryProvider } from '~/islands/ui/QueryProvider';
import { Dashboard } from './Dashboard';
import { SessionProvider } from './session';
import { useEnrolmentWatch } from './useEnrolmentWatch';
import { Spinner } from '~/islands/ui/Spinner';

/**
 * Admin page auth: checking, then authenticated or redirected. No token goes to the
 * login page; a failed check ends the session (token removed, login page with the message).
 */
function AuthGate() {
  // Decided once, on load: expireSession() removes the token before its own navigation to the
  // login page, and a second navigation from here would abort that one.
  const [hasToken] = useState(() => getToken() !== null);
  const verify = useQuery({ ...verifyQuery(), enabled: hasToken });
  useEnrolmentWatch();

  useEffect(() => {
    if (!hasToken) window.location.replace('/adminlogin');
  }, [hasToken]);
  useEffect(() => {
    // A 401 already ended the session in the API client; this covers every other failure.
    if (verify.isError) expireSession();
  }, [verify.isError]);

  if (!verify.isSuccess) {
    return (
      <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-slate-300">
        <Spinner className="h-10 w-10" />
        <p>Verifying authentication...</p>
      </div>
    );
  }
  return (
    <SessionProvider admin={verify.data.admin}>
      <Dashboard session={verify.data} />
    </SessionProvider>
  );
}

export default function AdminApp() {
  return (
    <IslandRoot withToasts>
      <QueryProvider>
        <AuthGate />
      </QueryProvider>
    </IslandRoot>
  );
}
