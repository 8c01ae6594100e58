import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoApplicantAction } from '~/lib/api/applicants';
import { applicantKeys } from '~/islands/queries/applicants';
import type { Applicant, UndoOffer } from '~/lib/schemas';
import { undoMessages } from '~/lib/schemas/applicant';
import { showToast, type ToastKind } from '~/islands/ui/toast-store';
import { notifyFailure } from '../notify';

/**
 * The toast of a move or bulk action with Undo while the server offers it (its mails wait as long):
 * Undo puts the applicants back in the cached list at once, then every list refetches.
 */
export function useUndo(): (kind: ToastKind, message: string, offer: UndoOffer | null | undefined) => void {
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: undoApplicantAction,
    onSuccess: ({ applicants, message, skipped }) => {
      const back = new Map(applicants.map((a) => [a.id, a]));
      // Merged: the answer lacks what only the list computes (last activity, scorecards) until it refetches.
      queryClient.setQueryData<Applicant[]>(applicantKeys.list(), (list) =>
        list?.map((a) => {
          const put = back.get(a.id);
          return put ? { ...a, ...put } : a;
        }),
      );
      showToast(skipped.length > 0 ? 'info' : 'success', message, { focus: true });
    },
    onError: (error) => notifyFailure(error, undoMessages.failed, undoMessages.failed, { focus: true }),
  });
  return (kind, message, offer) =>
    offer
      ? showToast(kind, message, {
          ms: offer.seconds * 1000,
          action: (dismiss) => (
            <button
              type="button"
              onClick={() => {
                dismiss();
                undo.mutate(offer.token);
              }}
              className="-my-1 rounded-lg border border-current px-2 py-0.5 font-semibold"
            >
              {undoMessages.action}
            </button>
          ),
        })
      : showToast(kind, message);
}
