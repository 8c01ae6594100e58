import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { changeTracking } from './change-tracking';

/** One client per page: React context cannot span Astro islands, so each island wraps itself. */
let queryClient: QueryClient | undefined;
const getQueryClient = (): QueryClient =>
  (queryClient ??= new QueryClient({
    // Panels refetch when the window regains focus, and after any change (changeTracking).
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
    mutationCache: changeTracking(getQueryClient),
  }));

/** TanStack Query for an island that uses it (the admin dashboard), inside its IslandRoot. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
