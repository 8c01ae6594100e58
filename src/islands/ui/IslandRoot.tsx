import type { ReactNode } from 'react';
import { ErrorBoundary } from './ErrorBoundary';
import { Toaster } from './Toaster';
import { useHydrated } from './useHydrated';

type Props = { children: ReactNode; withToasts?: boolean };

/** Every island's outer shell: error boundary and optional toasts (TanStack Query: QueryProvider inside it). */
export function IslandRoot({ children, withToasts = false }: Props) {
  // The toast area is fixed to the viewport; rendered on the server it would count as "visible"
  // and wake a client:visible island at once, so it only exists after hydration.
  const hydrated = useHydrated();
  return (
    <ErrorBoundary>
      {children}
      {withToasts && hydrated && <Toaster />}
    </ErrorBoundary>
  );
}
