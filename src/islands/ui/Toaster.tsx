import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { clsx } from 'clsx';
import { dismissToast, useToasts, type ToastKind } from './toast-store';

const kindStyles: Record<ToastKind, string> = {
  success: 'border-emerald-400/50 bg-emerald-950 text-emerald-50',
  error: 'border-rose-400/50 bg-rose-950 text-rose-50',
  info: 'border-brand-400/50 bg-ink-800 text-slate-50',
};

function watchDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
}
/** The toast slot above the innermost open dialog's actions (ui/Dialog gives each one), else the dialog itself. */
const topDialogHost = (): HTMLElement | null => {
  const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
  return dialog ? (dialog.querySelector<HTMLElement>(':scope>div>[data-toast-slot]') ?? (dialog as HTMLElement)) : null;
};

/**
 * Where toasts go while a modal dialog is open: it sits in the top layer and makes the rest of the
 * page inert, so toasts must live inside it to be seen above the backdrop and announced.
 */
const useDialogHost = () => useSyncExternalStore(watchDialogs, topDialogHost, () => null);

/** Stable, so React calls it when the button mounts and not on every render. */
const focusOnMount = (button: HTMLButtonElement | null) => button?.focus();

/**
 * Renders the toasts (the site's alerts, word for word, as accessible toasts instead of window.alert).
 * Two live regions exist from the first render so screen readers announce what is added later.
 */
export function Toaster() {
  const toasts = useToasts();
  const host = useDialogHost();
  const inSlot = host?.hasAttribute('data-toast-slot') ?? false;
  const region = (kinds: ToastKind[], role: 'alert' | 'status') => (
    <div role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'} className="flex flex-col gap-2">
      {toasts
        .filter((toast) => kinds.includes(toast.kind))
        .map((toast) => (
          <div
            key={toast.id}
            className={clsx(
              'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-xl',
              kindStyles[toast.kind],
            )}
          >
            <p className="flex-1">{toast.message}</p>
            {toast.action?.(() => dismissToast(toast.id))}
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              ref={toast.focus ? focusOnMount : undefined}
              className="-m-1 rounded p-1 opacity-80 hover:opacity-100"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return createPortal(
    <div
      className={clsx(
        'flex flex-col gap-2',
        inSlot
          ? toasts.length > 0 && 'bg-ink-800 px-4 py-3 sm:px-6'
          : 'pointer-events-none fixed inset-x-4 bottom-4 z-[200] sm:left-auto sm:w-96 [&>*>*]:pointer-events-auto',
      )}
    >
      {region(['error'], 'alert')}
      {region(['success', 'info'], 'status')}
    </div>,
    host ?? document.body,
  );
}
