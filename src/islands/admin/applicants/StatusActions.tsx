import { canTransition, ADMIN_STAGES, type Applicant } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import type { ApplicantActions } from './useApplicantActions';
import { useCan } from '../session';

type Props = { applicant: Applicant; actions: ApplicantActions; className?: string };

/**
 * 'Move…' for recruiters and owners: the move dialog chooses the stage, the reason when
 * rejecting and any mail. Nothing for a withdrawn applicant, whose stage no longer changes.
 */
export function StatusActions({ applicant, actions, className }: Props) {
  const canWrite = useCan('recruiter');
  if (!canWrite || !ADMIN_STAGES.some((to) => canTransition(applicant.status, to))) return null;
  return (
    <button
      type="button"
      disabled={actions.isBusy(applicant.id)}
      onClick={() => actions.move(applicant)}
      className={cn('btn border border-white/20 bg-white/5 px-4 py-2 text-white hover:bg-white/10', className)}
    >
      Move…<span className="sr-only"> {applicant.name} to another stage</span>
    </button>
  );
}

export const deleteButtonClass =
  'btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25';
