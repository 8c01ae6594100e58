import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { clsx } from 'clsx';

type Props = {
  open: boolean;
  /** Called for Escape, the × button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  /** Extra line under the title, e.g. the department. */
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Tailwind max-height of the scrolling dialog, e.g. 'max-h-[80vh]'. */
  maxHeightClass?: string;
  className?: string;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling inside the dialog instead of leaving for the browser's toolbar. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && (document.activeElement === first || document.activeElement === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Modal dialog on the native <dialog>: showModal() makes the page inert. We add the backdrop click, the
 * body scroll lock, focus returned to the opener on close, Tab kept inside, and the 300 ms fade.
 */
export function Dialog({
  open,
  onClose,
  title,
  subtitle,
  children,
  footer,
  maxHeightClass = 'max-h-[85vh]',
  className,
  role = 'dialog',
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // Remember who opened the dialog: the dialog unmounts on close, so focus is returned by hand.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const previousOverflow = document.body.style.overflow;
    if (!dialog.open) dialog.showModal();
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  if (!open) return null;

  return (
    // A modal <dialog> is interactive: it closes on Escape (onCancel), traps Tab and treats a backdrop click as close.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // Chrome closes at a second Escape with no click or key between, with no cancel to prevent: reopen, and let the owner decide.
        const dialog = event.currentTarget;
        if (!dialog.isConnected || dialog.open) return;
        dialog.showModal();
        onClose();
      }}
      onClick={(event) => {
        // A click on the <dialog> itself, not its content, is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={trapTab}
      className={clsx(
        'dialog-fade m-auto w-[calc(100%-2rem)] overflow-y-auto rounded-2xl border border-white/10 bg-ink-800 p-0 text-slate-200 shadow-2xl backdrop:bg-black/70',
        // The default width unless the caller sets its own (clsx, not tailwind-merge: public pages load this).
        !/(^|\s)max-w-/.test(className ?? '') && 'max-w-2xl',
        maxHeightClass,
        // What focus or a scroll brings into view stops above the sticky footer, not under it.
        footer && 'scroll-pb-36',
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-white/10 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className="text-xl font-semibold text-white sm:text-2xl">
            {title}
          </h2>
          {subtitle && <div className="mt-1 text-sm text-slate-300">{subtitle}</div>}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close dialog"
          className="-m-2 rounded-full p-2 text-2xl leading-none text-slate-300 hover:bg-white/10 hover:text-white"
        >
          ×
        </button>
      </div>
      <div className="p-5 sm:p-6">{children}</div>
      {/* Sticky, so the actions stay in reach while a long body scrolls; toasts land above them, never over them. */}
      <div className="sticky bottom-0">
        <div data-toast-slot />
        {footer && (
          <div className="flex flex-wrap justify-end gap-3 border-t border-white/10 bg-ink-800 p-4 sm:p-6">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
