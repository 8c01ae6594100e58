import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { StageChoice } from '~/lib/api/applicants';
import {
  ADMIN_STAGES,
  NOTIFIABLE_STATUSES,
  REJECTION_REASONS,
  STAGE_LABELS,
  applicantMessages,
  type ApplicantStatus,
  type RejectionReason,
} from '~/lib/schemas';
import { mailTemplatesQuery } from '~/islands/queries/mail-templates';
import { Dialog } from '~/islands/ui/Dialog';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { TemplatePreview } from '../templates/TemplatePreview';

type Props = {
  /** Who moves: one applicant's name, or 'N applicants'. */
  who: string;
  /** The stage they are in now (one applicant), left out of the choices. */
  current?: ApplicantStatus | undefined;
  /** The stage chosen already (a card dropped on a column). */
  initial?: ApplicantStatus | undefined;
  /** The one applicant the preview is addressed to; a sample applicant for several. */
  previewApplicantId?: number | undefined;
  onConfirm: (choice: StageChoice) => void;
  onCancel: () => void;
};

/** 'none', the built-in status mail, or a template's id. */
type MailChoice = 'none' | 'status' | `${number}`;

/**
 * Moving one or several applicants to a stage: the stage, the reason when rejecting (kept for the
 * team, never mailed), and a mail only if the recruiter picks one (nothing is sent otherwise).
 * Confirming is the button naming the move.
 */
export function MoveDialog({ who, current, initial, previewApplicantId, onConfirm, onCancel }: Props) {
  const id = useId();
  const stages = ADMIN_STAGES.filter((s) => s !== current);
  const [status, setStatus] = useState<ApplicantStatus>(initial ?? stages[0] ?? 'shortlisted');
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [mail, setMail] = useState<MailChoice>('none');
  const [error, setError] = useState<string | null>(null);
  const templates = useQuery(mailTemplatesQuery());
  const rejecting = status === 'rejected';
  const template =
    mail === 'none' || mail === 'status' ? undefined : templates.data?.find((t) => String(t.id) === mail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rejecting && !reason) return setError(applicantMessages.reasonRequired);
    onConfirm({
      status,
      reason: rejecting && reason ? reason : undefined,
      notify: mail === 'status' ? true : undefined,
      templateId: template?.id,
    });
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Move ${who}`}
      className="max-w-lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className={rejecting ? 'btn border border-rose-400/60 bg-rose-500/25 text-rose-50' : 'btn btn-primary'}
          >
            {rejecting ? 'Reject' : `Move to ${STAGE_LABELS[status]}`}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field id={`${id}-stage`} label="Stage">
          <select
            id={`${id}-stage`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ApplicantStatus);
              setError(null);
              if (mail === 'status') setMail('none');
            }}
            className={inputClass}
          >
            {stages.map((s) => (
              <option key={s} value={s}>
                {STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        {rejecting && (
          <Field
            id={`${id}-reason`}
            label="Reason"
            required
            error={error ?? undefined}
            hint="Kept for the team and shown in the timeline; never mailed."
          >
            <select
              {...fieldAria(`${id}-reason`, error ?? undefined, true)}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value as RejectionReason);
                setError(null);
              }}
              className={inputClass}
            >
              <option value="">Choose a reason</option>
              {Object.entries(REJECTION_REASONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={`${id}-mail`} label="Mail to the applicant" hint="Nothing is sent unless you choose a mail here.">
          <select
            {...fieldAria(`${id}-mail`, undefined, true)}
            value={mail}
            onChange={(event) => setMail(event.target.value as MailChoice)}
            className={inputClass}
          >
            <option value="none">Send nothing</option>
            {NOTIFIABLE_STATUSES.includes(status) && <option value="status">The standard status mail</option>}
            {templates.data?.map((t) => (
              <option key={t.id} value={String(t.id)}>
                Template: {t.name}
              </option>
            ))}
          </select>
        </Field>
        {template && <TemplatePreview draft={template} applicantId={previewApplicantId} />}
      </form>
    </Dialog>
  );
}
