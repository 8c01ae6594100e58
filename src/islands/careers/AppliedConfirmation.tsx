import { forwardRef, useId } from 'react';
import { jobPath } from '~/lib/job-posting';
import { APPLICATION_PAGE_PATH } from '~/lib/application-path';
import type { Job } from '~/lib/schemas/job';
import { careersMessages } from './messages';

/** `heading`: in place of the vacancy's "Your application for … has been received." */
export type Applied = { job: Pick<Job, 'id' | 'title'>; email: string; heading?: string };

/** `onJobPage`: shown on the vacancy's own page, so it links back to the board instead. */
type Props = { applied: Applied; onDismiss: () => void; onJobPage?: boolean };

/**
 * The one success message once the form is gone, on the board and on the job page: the spec's
 * words, which vacancy, that a receipt was e-mailed with the private page's link, and what happens
 * next. The caller moves focus here; the scroll margin keeps it clear of the sticky header.
 */
export const AppliedConfirmation = forwardRef<HTMLElement, Props>(function AppliedConfirmation(
  { applied, onDismiss, onJobPage = false },
  ref,
) {
  const titleId = useId();
  return (
    <section
      ref={ref}
      role="status"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="applied-confirmation"
      className="flex scroll-mt-[calc(var(--header-height)+1rem)] flex-col gap-2 rounded-2xl border border-emerald-400/40 bg-emerald-950/60 p-5 text-sm leading-6 text-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-300 sm:p-6"
    >
      <h3 id={titleId} className="text-base font-semibold text-white">
        <span aria-hidden="true">✓ </span>
        {applied.heading ?? careersMessages.appliedTitle(applied.job.title)}
      </h3>
      <p>{careersMessages.submitted}</p>
      <p>{careersMessages.receiptSent(applied.email)}</p>
      <p>{careersMessages.privatePage}</p>
      <p>
        <strong className="font-semibold">What happens next: </strong>
        {careersMessages.nextSteps}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-5 gap-y-2">
        {onJobPage ? (
          <a href="/career" className="font-semibold text-emerald-200 underline hover:text-white">
            See all open positions
          </a>
        ) : (
          <a href={jobPath(applied.job)} className="font-semibold text-emerald-200 underline hover:text-white">
            View the position
          </a>
        )}
        <a href={APPLICATION_PAGE_PATH} className="font-semibold text-emerald-200 underline hover:text-white">
          Lost the receipt? Get the link again
        </a>
        <button type="button" onClick={onDismiss} className="font-semibold text-emerald-200 underline hover:text-white">
          Dismiss
        </button>
      </div>
    </section>
  );
});
