import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A form's error box, announced when it appears. `className` adds layout (a grid span). */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={clsx('rounded-xl border border-rose-400/40 bg-rose-950/60 px-4 py-3 text-sm text-rose-50', className)}
    >
      {children}
    </div>
  );
}
