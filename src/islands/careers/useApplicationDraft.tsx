import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { clearDraft, hasText, readDraft, writeDraft, type DraftSource, type DraftText } from './draft-storage';
import { careersMessages } from './messages';

/** What the application form does with its draft. */
export type ApplicationDraft = {
  /** The text typed earlier in this visit, read when the form opens; null when there is none. */
  restore: () => DraftText | null;
  /** The form's values after each change: the text is stored, and whether anything is filled remembered. */
  update: (values: DraftSource & { resume?: unknown }) => void;
  /** After sending: nothing is left to restore. */
  clear: () => void;
};

/** How the careers board asks the open modal before Back closes it. */
export type LeaveGuard = {
  isFilled: () => boolean;
  /** True when closing may go on: nothing is filled, or the visitor chose Discard (the draft is then deleted). */
  confirmDiscard: () => Promise<boolean>;
};

/**
 * One job's application draft, and the question asked before a filled form is closed. Used by
 * whoever shows the form (the careers modal, the job page): pass `draft` to the form, close only
 * when `await confirmDiscard()` is true, and render `confirmDialog` outside any other dialog.
 */
export function useApplicationDraft(job: { id: number; title: string }): LeaveGuard & {
  draft: ApplicationDraft;
  confirmDialog: ReactNode;
} {
  const filled = useRef(false);
  const { confirm, confirmDialog } = useConfirm();

  const draft = useMemo<ApplicationDraft>(
    () => ({
      restore: () => {
        const text = readDraft(job.id);
        filled.current = text !== null;
        return text;
      },
      update: (values) => {
        filled.current = hasText(values) || Boolean(values.resume);
        writeDraft(job.id, values);
      },
      clear: () => {
        filled.current = false;
        clearDraft(job.id);
      },
    }),
    [job.id],
  );

  const isFilled = useCallback(() => filled.current, []);
  const confirmDiscard = useCallback(async () => {
    if (filled.current) {
      const discard = await confirm(careersMessages.discardQuestion, careersMessages.discard, {
        detail: careersMessages.discardDetail(job.title),
        cancelLabel: careersMessages.keepEditing,
      });
      if (!discard) return false;
    }
    draft.clear();
    return true;
  }, [confirm, draft, job.title]);

  return { draft, isFilled, confirmDiscard, confirmDialog };
}
