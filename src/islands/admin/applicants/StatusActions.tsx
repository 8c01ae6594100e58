import { transitionsFrom, type Applicant } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import type { ApplicantActions } from './useApplicantActions';

const actionStyles: Record<string, string> = {
  Shortlist: 'border-emerald-400/50 bg-emerald-500/15 text-emerald-100 hover:bg-emerald-500/30',
  Reject: 'border-rose-400/50 bg-rose-500/15 text-rose-100 hover:bg-rose-500/30',
  'Undo Shortlist': 'border-white/20 bg-white/5 text-white hover:bg-white/10',
  'Undo Rejection': 'border-white/20 bg-white/5 text-white hover:bg-white/10',
};

type Props = { applicant: Applicant; actions: ApplicantActions; className?: string };

/** Only the actions SPEC §4 allows from the applicant's current status. */
export function StatusActions({ applicant, actions, className }: Props) {
  const busy = actions.isBusy(applicant.id);
  return (
    <>
      {transitionsFrom(applicant.status).map((transition) => (
        <button
          key={transition.action}
          type="button"
          disabled={busy}
          onClick={() => actions.changeStatus(applicant, transition)}
          className={cn('btn border px-4 py-2', actionStyles[transition.action], className)}
        >
          {transition.action}
        </button>
      ))}
    </>
  );
}

export const deleteButtonClass = 'btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25';
