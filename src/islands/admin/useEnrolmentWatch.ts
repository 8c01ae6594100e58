import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '~/lib/api/client';
import { teamMessages } from '~/lib/team';
import { authKeys } from '~/islands/queries/auth';

/** The API's answer once owners require two-factor sign-in of an admin who has not set it up. */
const mustEnrol = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.message === teamMessages.enrolFirst;

/**
 * Re-reads the session when any query or action of the dashboard is refused because the team now
 * requires two-factor sign-in: the session says so, and the dashboard leads to the set-up at
 * once, without a reload (the session is otherwise read once, when the page loads).
 */
export function useEnrolmentWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: authKeys.verify() });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && mustEnrol(event.action.error)) refresh();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && mustEnrol(event.action.error)) refresh();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
