import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { applicantKeys, deleteApplicant, downloadResume, updateApplicantStatus } from '~/lib/api/applicants';
import type { Applicant, StatusTransition } from '~/lib/schemas';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { showToast } from '~/islands/ui/toast-store';
import { notifyFixedFailure } from '../notify';
import { saveFile } from './save-file';

export const applicantTexts = {
  statusFailed: 'Failed to update status',
  confirmDelete: 'Are you sure you want to delete this applicant?',
  deleted: 'Applicant deleted successfully',
  deleteFailed: 'Failed to delete applicant',
  downloadFailed: 'Failed to download resume',
} as const;

export type ApplicantActions = {
  changeStatus: (applicant: Applicant, transition: StatusTransition) => void;
  remove: (applicant: Applicant) => void;
  download: (applicant: Applicant) => void;
  /** True while an action on this applicant is under way (its buttons are disabled). */
  isBusy: (id: number) => boolean;
};

/**
 * Status changes, delete and resume download with SPEC §8's toasts; one confirm dialog for the
 * panel (render `confirmDialog`). A status change writes the answer into the cached list at once,
 * so the card and an open detail dialog show it before the list reloads.
 */
export function useApplicantActions(onDeleted: (id: number) => void): { actions: ApplicantActions; confirmDialog: ReactNode } {
  const queryClient = useQueryClient();
  const { confirm, confirmDialog } = useConfirm();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const mark = (id: number, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const status = useMutation({
    mutationFn: ({ applicant, transition }: { applicant: Applicant; transition: StatusTransition }) =>
      updateApplicantStatus(applicant.id, transition.to),
    onMutate: ({ applicant }) => mark(applicant.id, true),
    onSuccess: async ({ applicant: updated }, { transition }) => {
      queryClient.setQueryData<Applicant[]>(applicantKeys.list(), (list) => list?.map((a) => (a.id === updated.id ? updated : a)));
      showToast('success', transition.successMessage);
      await queryClient.invalidateQueries({ queryKey: applicantKeys.all });
    },
    onError: (error) => notifyFixedFailure(error, applicantTexts.statusFailed),
    onSettled: (_data, _error, { applicant }) => mark(applicant.id, false),
  });

  const removal = useMutation({
    mutationFn: (applicant: Applicant) => deleteApplicant(applicant.id),
    onMutate: (applicant) => mark(applicant.id, true),
    onSuccess: async (_data, applicant) => {
      onDeleted(applicant.id);
      showToast('success', applicantTexts.deleted);
      await queryClient.invalidateQueries({ queryKey: applicantKeys.all });
    },
    onError: (error) => notifyFixedFailure(error, applicantTexts.deleteFailed),
    onSettled: (_data, _error, applicant) => mark(applicant.id, false),
  });

  const actions: ApplicantActions = {
    changeStatus: (applicant, transition) => status.mutate({ applicant, transition }),
    remove: (applicant) => {
      void confirm(applicantTexts.confirmDelete, 'Delete').then((ok) => ok && removal.mutate(applicant));
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

  return { actions, confirmDialog };
}
