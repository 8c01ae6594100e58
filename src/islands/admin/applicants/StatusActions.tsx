import { useId, useState } from 'react';
import { ADMIN_STAGES, NOTIFIABLE_STATUSES, STAGE_LABELS, canTransition, type Applicant } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import type { ApplicantActions } from './useApplicantActions';
import { useCan } from '../session';

const actionStyles: Record<string, string> = {
  shortlisted: 'border-emerald-400/50 bg-emerald-500/15 text-emerald-100 hover:bg-emerald-500/30',
  rejected: 'border-rose-400/50 bg-rose-500/15 text-rose-100 hover:bg-rose-500/30',
};

type Props = {
  applicant: Applicant;
  actions: ApplicantActions;
  className?: string;
  /** Keep the place of 'Notify the applicant' when it is not offered, so the buttons around do not move. */
  reserveNotify?: boolean;
};

/**
 * Only the actions the status table allows from the applicant's current status, and 'Notify the
 * applicant' (off by default) when one of them can be mailed.
 */
export function StatusActions(props: Props) {
  return useCan('recruiter') ? <Transitions {...props} /> : null;
}

function Transitions({ applicant, actions, className, reserveNotify = false }: Props) {
  const busy = actions.isBusy(applicant.id);
  const [notify, setNotify] = useState(false);
  const notifyId = useId();
  const targets = ADMIN_STAGES.filter((to) => canTransition(applicant.status, to));
  const mailable = targets.some((to) => NOTIFIABLE_STATUSES.includes(to));
  return (
    <>
      {(mailable || reserveNotify) && (
        <label
          htmlFor={notifyId}
          aria-hidden={mailable ? undefined : true}
          className={cn('inline-flex basis-full items-center gap-2 text-sm text-slate-200', !mailable && 'invisible')}
        >
          <input
            id={notifyId}
            type="checkbox"
            checked={mailable && notify}
            disabled={busy || !mailable}
            onChange={(event) => setNotify(event.target.checked)}
            className="h-4 w-4 rounded border-white/30 bg-ink-900 accent-brand-400"
          />
          Notify the applicant<span className="sr-only"> {applicant.name}</span>
        </label>
      )}
      {targets.map((to) => (
        <button
          key={to}
          type="button"
          disabled={busy}
          onClick={() => actions.changeStatus(applicant, to, mailable && notify)}
          className={cn('btn border px-4 py-2', actionStyles[to], className)}
        >
          {STAGE_LABELS[to]}
        </button>
      ))}
    </>
  );
}

export const deleteButtonClass =
  'btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25';
