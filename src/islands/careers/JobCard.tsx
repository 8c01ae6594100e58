import { useMemo } from 'react';
import { descriptionText } from '~/lib/job-description-text';
import { jobPath, postedAgo } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { isPlainClick } from '~/islands/ui/plain-click';
import { JobMeta } from './JobMeta';

type Props = { job: Job; applied?: boolean; onOpen: (job: Job) => void };

/**
 * The card's four rows (title, facts, description, footer) share the rows of the list's grid
 * (subgrid), so the facts, the text and the footer line up across the cards of one row.
 */
export const CARD_ROWS = 'row-span-4 grid grid-rows-subgrid gap-y-4';

/**
 * One vacancy on the board: title, department, location, job type, salary when given, the description
 * without its Markdown marks clamped to three lines, and when it was posted. The title is a link to the
 * job's own page, stretched over the whole card: a plain click anywhere, Enter or Space opens the details
 * here; a middle or modified click, or "open in new tab", opens the page, and the address can be shared.
 */
export function JobCard({ job, applied = false, onOpen }: Props) {
  const text = useMemo(() => descriptionText(job.description), [job.description]);
  const posted = postedAgo(job.created_at);
  return (
    <article
      className={`card group relative p-6 transition-colors focus-within:border-brand-300/70 hover:border-brand-300/50 hover:bg-ink-800 ${CARD_ROWS}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold leading-snug text-white">
          <a
            href={jobPath(job)}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onOpen(job);
            }}
            onKeyDown={(event) => {
              // A link answers Enter only; Space opens the details as it did when the title was a button.
              if (event.key !== ' ') return;
              event.preventDefault();
              onOpen(job);
            }}
            aria-haspopup="dialog"
            className="text-left after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-300"
          >
            {job.title}
          </a>
        </h3>
        {applied && (
          <span
            data-testid="job-applied"
            className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-400/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-200"
          >
            <span aria-hidden="true">✓</span> Applied
          </span>
        )}
      </div>
      <JobMeta job={job} withSalary className="content-start" />
      <p className="line-clamp-3 text-sm leading-6 text-slate-300" data-testid="job-description">
        {text}
      </p>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        {posted ? (
          <time dateTime={job.created_at} className="text-slate-400">
            {posted}
          </time>
        ) : (
          <span />
        )}
        <span aria-hidden="true" className="font-semibold text-brand-300 group-hover:text-brand-200">
          View details →
        </span>
      </div>
    </article>
  );
}

/** A card of the same rows and heights while the jobs load, so the page below does not move when they arrive. */
export function JobCardSkeleton() {
  const bar = 'rounded bg-white/10';
  return (
    <div
      aria-hidden="true"
      data-testid="job-card-skeleton"
      className={`card animate-pulse p-6 motion-reduce:animate-none ${CARD_ROWS}`}
    >
      <div className="flex h-[1.546875rem] items-center">
        <div className={`h-4 w-2/3 ${bar}`} />
      </div>
      {/* Department, location, job type and salary take two lines on most cards. */}
      <div className="flex h-12 flex-col justify-between py-1">
        <div className="flex gap-5">
          <div className={`h-3 w-1/4 ${bar}`} />
          <div className={`h-3 w-1/3 ${bar}`} />
        </div>
        <div className={`h-3 w-1/5 ${bar}`} />
      </div>
      <div className="flex h-[4.5rem] flex-col justify-around">
        <div className={`h-3 w-full ${bar}`} />
        <div className={`h-3 w-full ${bar}`} />
        <div className={`h-3 w-3/5 ${bar}`} />
      </div>
      <div className="flex h-5 items-center justify-between">
        <div className={`h-3 w-1/3 ${bar}`} />
        <div className={`h-3 w-1/4 ${bar}`} />
      </div>
    </div>
  );
}
