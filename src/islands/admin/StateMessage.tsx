import type { ReactNode } from 'react';
import { cn } from '~/islands/ui/cn';
import { Spinner } from '~/islands/ui/Spinner';

type Props = { kind: 'loading' | 'empty' | 'error'; children: ReactNode; action?: ReactNode };

/** The loading, empty and error states of a dashboard list, with their fixed texts as children. */
export function StateMessage({ kind, children, action }: Props) {
  return (
    <div
      role={kind === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-12 text-center',
        kind === 'error' ? 'border-rose-400/40 bg-rose-950/40 text-rose-50' : 'border-white/15 text-slate-300',
      )}
    >
      {kind === 'loading' && <Spinner />}
      <p>{children}</p>
      {action}
    </div>
  );
}

type QueryStateProps<T> = {
  /** A list query (plain or infinite): its loading and error states, and how to try again. */
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  /** What it loaded (an infinite query's pages flattened); undefined until it has. */
  items: T[] | undefined;
  texts: { loading: string; fetchFailed: string };
  /** Shown instead of `children` when the list is empty; without it, `children` renders empty lists too. */
  empty?: string;
  /** Renders the loaded items. */
  children: (items: T[]) => ReactNode;
};

/** A dashboard list's query: its loading and error states (with Try again), its empty state, or its items. */
export function QueryState<T>({ query, items, texts, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <StateMessage kind="loading">{texts.loading}</StateMessage>;
  if (query.isError) {
    return (
      <StateMessage
        kind="error"
        action={
          <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        }
      >
        {texts.fetchFailed}
      </StateMessage>
    );
  }
  if (!items) return <StateMessage kind="loading">{texts.loading}</StateMessage>;
  if (empty !== undefined && items.length === 0) return <StateMessage kind="empty">{empty}</StateMessage>;
  return <>{children(items)}</>;
}
