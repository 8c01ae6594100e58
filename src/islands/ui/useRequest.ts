import { useCallback, useEffect, useState } from 'react';

type RequestState<T> =
  | { status: 'pending'; data: undefined; error: undefined; fetching: boolean }
  | { status: 'error'; data: undefined; error: unknown; fetching: boolean }
  | { status: 'success'; data: T; error: undefined; fetching: boolean };

/**
 * One GET for an island on a public page that needs no cache (the careers board, the login page's
 * reset check, an applicant's private page): loads once `enabled`, keeps its answer, and loads again on `refetch()`; an answer
 * that arrives after the island is gone is dropped. `load` must be stable (a module-level function).
 * The admin dashboard, with its many queries that refetch one another, uses TanStack Query.
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, enabled = true) {
  const [state, setState] = useState<RequestState<T>>({
    status: 'pending',
    data: undefined,
    error: undefined,
    fetching: enabled,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ status: 'success', data, error: undefined, fetching: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', data: undefined, error, fetching: false });
      },
    );
    return () => controller.abort();
  }, [load, enabled, attempt]);

  const refetch = useCallback(() => {
    setState((current) => ({ ...current, fetching: true }));
    setAttempt((count) => count + 1);
  }, []);

  return { ...state, refetch };
}
