import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server's HTML (and the hydrating render), true once the island runs in the browser. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
