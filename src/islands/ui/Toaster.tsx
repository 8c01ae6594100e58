import { cn } from './cn';
import { dismissToast, useToasts, type ToastKind } from './toast-store';

const kindStyles: Record<ToastKind, string> = {
  success: 'border-emerald-400/50 bg-emerald-950 text-emerald-50',
  error: 'border-rose-400/50 bg-rose-950 text-rose-50',
  info: 'border-brand-400/50 bg-ink-800 text-slate-50',
};

/**
 * Renders the toasts (DESIGN.md: the spec's alerts, word for word, as accessible toasts).
 * Two live regions exist from the first render so screen readers announce what is added later.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = (kinds: ToastKind[], role: 'alert' | 'status') => (
    <div role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'} className="flex flex-col gap-2">
      {toasts
        .filter((toast) => kinds.includes(toast.kind))
        .map((toast) => (
          <div
            key={toast.id}
            className={cn('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-xl', kindStyles[toast.kind])}
          >
            <p className="flex-1">{toast.message}</p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[200] flex flex-col gap-2 sm:left-auto sm:w-96 [&>*>*]:pointer-events-auto">
      {region(['error'], 'alert')}
      {region(['success', 'info'], 'status')}
    </div>
  );
}
