import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

type Props = {
  open: boolean;
  /** The question, word for word, e.g. 'Are you sure you want to logout?'. */
  message: string;
  /** Label of the button that confirms, e.g. 'Delete' or 'Logout'. */
  confirmLabel: string;
  /** Paints the confirm button red for destructive actions. */
  destructive?: boolean;
  /** A line under the question; destructive questions default to 'This cannot be undone.'. */
  detail?: string | undefined;
  /** Label of the safe choice, e.g. 'Keep editing'; 'Cancel' unless given. */
  cancelLabel?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The in-page replacement for window.confirm: an alertdialog titled with the question,
 * Cancel first (Escape, × and the backdrop also cancel), and the confirming button.
 */
function ConfirmDialog({
  open,
  message,
  confirmLabel,
  destructive = false,
  detail,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: Props) {
  const text = detail ?? (destructive ? 'This cannot be undone.' : undefined);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Runs after Dialog's showModal() (child effects first): start on the safe choice, Cancel.
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={message}
      className="max-w-md"
      footer={
        <>
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={
              destructive ? 'btn bg-rose-600 text-white hover:bg-rose-700 hover:text-white' : 'btn btn-primary'
            }
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {text && <p className="text-sm text-slate-300">{text}</p>}
    </Dialog>
  );
}

type ConfirmOptions = { destructive?: boolean; detail?: string; cancelLabel?: string };
type Request = {
  message: string;
  confirmLabel: string;
  destructive: boolean;
  detail: string | undefined;
  cancelLabel: string | undefined;
  resolve: (ok: boolean) => void;
};

/**
 * `const { confirm, confirmDialog } = useConfirm()`; `if (await confirm('Are you sure…?', 'Delete')) …`.
 * Render `confirmDialog` once in the component. One question at a time: a new one cancels the old.
 */
export function useConfirm(): {
  confirm: (message: string, confirmLabel: string, options?: ConfirmOptions) => Promise<boolean>;
  confirmDialog: ReactNode;
} {
  const [request, setRequest] = useState<Request | null>(null);
  const current = useRef<Request | null>(null);

  const settle = useCallback((ok: boolean) => {
    current.current?.resolve(ok);
    current.current = null;
    setRequest(null);
  }, []);

  const confirm = useCallback(
    (message: string, confirmLabel: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = {
          message,
          confirmLabel,
          destructive: options.destructive ?? true,
          detail: options.detail,
          cancelLabel: options.cancelLabel,
          resolve,
        };
        current.current = next;
        setRequest(next);
      }),
    [],
  );

  const confirmDialog = (
    <ConfirmDialog
      open={request !== null}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? ''}
      destructive={request?.destructive ?? true}
      detail={request?.detail}
      cancelLabel={request?.cancelLabel}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );

  return { confirm, confirmDialog };
}
