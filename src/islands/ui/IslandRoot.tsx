import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { Toaster } from './Toaster';
import { useHydrated } from './useHydrated';

/** One client per page: React context cannot span Astro islands, so each island wraps itself. */
let queryClient: QueryClient | undefined;
const getQueryClient = () =>
  (queryClient ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));

type Props = { children: ReactNode; withQuery?: boolean; withToasts?: boolean };

/** Every island's outer shell: error boundary, optional TanStack Query client and toasts. */
export function IslandRoot({ children, withQuery = false, withToasts = false }: Props) {
  // The toast area is fixed to the viewport; rendered on the server it would count as "visible"
  // and wake a client:visible island at once, so it only exists after hydration.
  const hydrated = useHydrated();
  const content = withQuery ? (
    <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>
  ) : (
    children
  );
  return (
    <ErrorBoundary>
      {content}
      {withToasts && hydrated && <Toaster />}
    </ErrorBoundary>
  );
}
