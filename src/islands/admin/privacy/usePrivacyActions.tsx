import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApplicantFilter } from '~/lib/applicant-filter';
import { applicantKeys } from '~/islands/queries/applicants';
import { messageKeys } from '~/islands/queries/messages';
import { erasePerson, exportApplicantsCsv, exportPersonData } from '~/lib/api/privacy';
import { auditKeys } from '~/islands/queries/privacy';
import { privacyMessages } from '~/lib/privacy';
import type { Applicant } from '~/lib/schemas';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { notifyFailure } from '../notify';
import { useAdminMutation } from '../useAdminMutation';
import { saveFile } from '../applicants/save-file';

const privacyTexts = {
  confirmErase: (email: string) => `Erase everything stored about ${email}?`,
  eraseDetail: (applications: number) =>
    `${applications} application${applications === 1 ? '' : 's'} with ${applications === 1 ? 'its resume' : 'their resumes'}, and every contact message of this address, are deleted for good. Only an audit entry without personal details remains.`,
  erased: (n: number, email: string) => `Erased ${n} record${n === 1 ? '' : 's'} of ${email}`,
} as const;

export type PrivacyActions = {
  exportData: (applicant: Applicant) => void;
  /** `applications`: how many applications of the address are listed, for the confirmation. */
  erase: (applicant: Applicant, applications: number) => void;
  exportCsv: (filter: ApplicantFilter) => void;
  /** True while an export or erasure is under way. */
  busy: boolean;
};

/**
 * Export and erasure on request, and the CSV export, for the Applicants tab; render
 * `confirmDialog`. `onErased` runs once the person is gone (the open dialog closes).
 */
export function usePrivacyActions(onErased: () => void): { privacy: PrivacyActions; confirmDialog: ReactNode } {
  const queryClient = useQueryClient();
  const { confirm, confirmDialog } = useConfirm();
  const [downloading, setDownloading] = useState(false);

  const erasure = useAdminMutation({
    mutationFn: (email: string) => erasePerson(email),
    onSuccess: onErased,
    success: ({ erased }, email) => privacyTexts.erased(erased, email),
    failure: privacyMessages.eraseFailed,
    invalidates: [applicantKeys.all, messageKeys.all, auditKeys.all],
  });

  const save = (job: Promise<{ blob: Blob; filename: string }>, failure: string) => {
    setDownloading(true);
    job
      .then(({ blob, filename }) => saveFile(blob, filename))
      .catch((error: unknown) => notifyFailure(error, failure))
      .finally(() => {
        setDownloading(false);
        void queryClient.invalidateQueries({ queryKey: auditKeys.all });
      });
  };

  const privacy: PrivacyActions = {
    exportData: (applicant) => save(exportPersonData(applicant.id), privacyMessages.exportFailed),
    exportCsv: (filter) => save(exportApplicantsCsv(filter), privacyMessages.csvFailed),
    erase: (applicant, applications) => {
      void confirm(privacyTexts.confirmErase(applicant.email), 'Erase person', {
        destructive: true,
        detail: privacyTexts.eraseDetail(Math.max(1, applications)),
      }).then((ok) => ok && erasure.mutate(applicant.email));
    },
    busy: downloading || erasure.isPending,
  };
  return { privacy, confirmDialog };
}
