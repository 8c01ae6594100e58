import { canTransition, ADMIN_STAGES, applicantMessages, type Applicant, type ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import type { ApplicantActions } from './useApplicantActions';
import { useCan } from '../session';

type Props = { applicant: Applicant; actions: ApplicantActions };

/** The one-click actions of each status: the button, the status it leads to and its success message. */
const QUICK_ACTIONS: Partial<Record<ApplicantStatus, { label: string; to: ApplicantStatus; done: string }[]>> = {
  pending: [
    { label: 'Shortlist', to: 'shortlisted', done: applicantMessages.shortlisted },
    { label: 'Reject', to: 'rejected', done: applicantMessages.rejected },
  ],
  shortlisted: [{ label: 'Undo Shortlist', to: 'pending', done: applicantMessages.reverted }],
  rejected: [{ label: 'Undo Rejection', to: 'pending', done: applicantMessages.reverted }],
};

const buttonClass = 'btn border border-white/20 bg-white/5 px-4 py-2 text-white hover:bg-white/10';
const toneClass: Partial<Record<ApplicantStatus, string>> = {
  shortlisted: 'border-emerald-400/50 bg-emerald-500/15 text-emerald-50 hover:bg-emerald-500/25',
  rejected: 'border-rose-400/50 bg-rose-500/15 text-rose-50 hover:bg-rose-500/25',
};

/**
 * For recruiters and owners: Shortlist and Reject on a pending applicant, Undo Shortlist and Undo
 * Rejection back to pending, then 'Move…' for any other stage. Reject opens the move dialog for the
 * reason the pipeline keeps. Nothing for a withdrawn applicant, whose stage no longer changes.
 */
export function StatusActions({ applicant, actions }: Props) {
  const canWrite = useCan('recruiter');
  if (!canWrite || !ADMIN_STAGES.some((to) => canTransition(applicant.status, to))) return null;
  const busy = actions.isBusy(applicant.id);
  return (
    // Contents: the buttons join the row of the card or the dialog footer that holds them.
    <div className="contents">
      {(QUICK_ACTIONS[applicant.status] ?? []).map(({ label, to, done }, index) => (
        <button
          // By position: Shortlist turns into Undo Shortlist in place, and keeps the keyboard focus.
          key={index}
          type="button"
          // Not `disabled`: a disabled button drops the keyboard focus while the change is saved.
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            if (to === 'rejected') actions.move(applicant, to, done);
            else actions.changeStatus(applicant, { status: to }, done);
          }}
          className={cn(buttonClass, toneClass[to], 'aria-disabled:cursor-wait aria-disabled:opacity-60')}
        >
          {label}
          <span className="sr-only"> {applicant.name}</span>
        </button>
      ))}
      <button type="button" disabled={busy} onClick={() => actions.move(applicant)} className={buttonClass}>
        Move…<span className="sr-only"> {applicant.name} to another stage</span>
      </button>
    </div>
  );
}

export const deleteButtonClass =
  'btn border border-rose-400/40 bg-rose-500/10 px-4 py-2 text-rose-100 hover:bg-rose-500/25';
