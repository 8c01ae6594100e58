import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { deleteApplicant, downloadResume, updateApplicantStatus, type StageChoice } from '~/lib/api/applicants';
import { applicantKeys } from '~/islands/queries/applicants';
import type { Applicant, ApplicantStatus } from '~/lib/schemas';
import { MoveDialog } from './MoveDialog';
import { applicantMessages } from '~/lib/schemas/applicant';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFixedFailure } from '../notify';
import { saveFile } from './save-file';
import { useUndo } from './useUndo';

const applicantTexts = {
  statusFailed: 'Failed to update status',
  confirmDelete: 'Are you sure you want to delete this applicant?',
  deleteDetail: (applicant: Applicant) =>
    `${applicant.name}'s application for ${applicant.jobTitle} and its resume are deleted for good. This cannot be undone.`,
  deleteFailed: 'Failed to delete applicant',
  downloadFailed: 'Failed to download resume',
} as const;

export type ApplicantActions = {
  /** Moves at once (a one-click action, a card dropped on a column other than Rejected); `done` replaces the server's toast. */
  changeStatus: (applicant: Applicant, choice: StageChoice, done?: string) => void;
  /**
   * Opens the move dialog (stage, reason when rejecting, an optional mail), `initial` chosen already;
   * `done` is the toast if the move confirmed is to `initial`.
   */
  move: (applicant: Applicant, initial?: ApplicantStatus, done?: string) => void;
  remove: (applicant: Applicant) => void;
  download: (applicant: Applicant) => void;
  /** True while an action on this applicant is under way (its buttons are disabled). */
  isBusy: (id: number) => boolean;
};

/**
 * Status changes, delete and resume download with toasts; one confirm dialog for the
 * panel (render `confirmDialog`). A status change writes the answer into the cached list at once,
 * so the card and an open detail dialog show it before the list reloads.
 */
export function useApplicantActions(onDeleted: (id: number) => void): {
  actions: ApplicantActions;
  confirmDialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const announce = useUndo();
  const { confirm, confirmDialog } = useConfirm();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<{
    applicant: Applicant;
    initial: ApplicantStatus | undefined;
    done: string | undefined;
  } | null>(null);
  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const status = useMutation({
    mutationFn: ({ applicant, choice }: { applicant: Applicant; choice: StageChoice; done: string | undefined }) =>
      updateApplicantStatus(applicant.id, choice),
    onMutate: ({ applicant }) => mark(applicant.id, true),
    onSuccess: ({ applicant: updated, message, undo }, { done }) => {
      // Merged: the answer lacks what only the list computes (last activity, scorecards) until it refetches.
      queryClient.setQueryData<Applicant[]>(applicantKeys.list(), (list) =>
        list?.map((a) => (a.id === updated.id ? { ...a, ...updated } : a)),
      );
      // Every list (counts, Sources, Outbox for a mail) refetches after any change: ui/change-tracking.ts.
      announce('success', done ?? message, undo);
    },
    onError: (error) => notifyFixedFailure(error, applicantTexts.statusFailed),
    onSettled: (_data, _error, { applicant }) => mark(applicant.id, false),
  });

  const removal = useMutation({
    mutationFn: (applicant: Applicant) => deleteApplicant(applicant.id),
    onMutate: (applicant) => mark(applicant.id, true),
    onSuccess: async (_data, applicant) => {
      onDeleted(applicant.id);
      showToast('success', applicantMessages.deleted);
      await queryClient.invalidateQueries({ queryKey: applicantKeys.all });
    },
    onError: (error) => notifyFixedFailure(error, applicantTexts.deleteFailed),
    onSettled: (_data, _error, applicant) => mark(applicant.id, false),
  });

  const actions: ApplicantActions = {
    changeStatus: (applicant, choice, done) => status.mutate({ applicant, choice, done }),
    move: (applicant, initial, done) => setMoving({ applicant, initial, done }),
    remove: (applicant) => {
      void confirm(applicantTexts.confirmDelete, 'Delete', { detail: applicantTexts.deleteDetail(applicant) }).then(
        (ok) => ok && removal.mutate(applicant),
      );
    },
    download: (applicant) => {
      mark(applicant.id, true);
      downloadResume(applicant)
        .then(({ blob, filename }) => saveFile(blob, filename))
        .catch((error: unknown) => notifyFixedFailure(error, applicantTexts.downloadFailed))
        .finally(() => mark(applicant.id, false));
    },
    isBusy: (id) => busy.has(id),
  };

  const moveDialog = moving && (
    <MoveDialog
      who={moving.applicant.name}
      current={moving.applicant.status}
      initial={moving.initial}
      previewApplicantId={moving.applicant.id}
      onCancel={() => setMoving(null)}
      onConfirm={(choice) => {
        setMoving(null);
        status.mutate({
          applicant: moving.applicant,
          choice,
          done: choice.status === moving.initial ? moving.done : undefined,
        });
      }}
    />
  );

  return {
    actions,
    confirmDialog: (
      <>
        {confirmDialog}
        {moveDialog}
      </>
    ),
  };
}
