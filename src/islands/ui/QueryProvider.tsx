import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** One client per page: React context cannot span Astro islands, so each island wraps itself. */
let queryClient: QueryClient | undefined;
const getQueryClient = () =>
  (queryClient ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));

/** TanStack Query for an island that uses it (the admin dashboard), inside its IslandRoot. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
