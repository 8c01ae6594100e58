import { forwardRef, useId } from 'react';
import { jobPath } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { careersMessages } from './messages';

export type Applied = { job: Pick<Job, 'id' | 'title'>; email: string };

type Props = { applied: Applied; onDismiss: () => void };

/**
 * What stays on the board after the success toast and the modal are gone: which vacancy, that a
 * receipt was e-mailed, and what happens next. The board moves focus here.
 */
export const AppliedConfirmation = forwardRef<HTMLElement, Props>(function AppliedConfirmation(
  { applied, onDismiss },
  ref,
) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="applied-confirmation"
      className="flex flex-col gap-2 rounded-2xl border border-emerald-400/40 bg-emerald-950/60 p-5 text-sm leading-6 text-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:p-6"
    >
      <h3 id={titleId} className="text-base font-semibold text-white">
        <span aria-hidden="true">✓ </span>
        {careersMessages.appliedTitle(applied.job.title)}
      </h3>
      <p>{careersMessages.receiptSent(applied.email)}</p>
      <p>
        <strong className="font-semibold">What happens next: </strong>
        {careersMessages.nextSteps}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-5 gap-y-2">
        <a href={jobPath(applied.job)} className="font-semibold text-emerald-200 underline hover:text-white">
          View the position
        </a>
        <button type="button" onClick={onDismiss} className="font-semibold text-emerald-200 underline hover:text-white">
          Dismiss
        </button>
      </div>
    </section>
  );
});
