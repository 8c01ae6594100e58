import type { ReactNode } from 'react';
import { cn } from '~/islands/ui/cn';

type Props = { kind: 'loading' | 'empty' | 'error'; children: ReactNode; action?: ReactNode };

/** The loading, empty and error states of a dashboard list, with the SPEC texts as children. */
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

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block h-8 w-8 animate-spin rounded-full border-2 border-brand-300/30 border-t-brand-300', className)}
    />
  );
}
