import type { Job } from '~/lib/schemas/job';
import { JobMeta } from './JobMeta';

type Props = { job: Job; onOpen: (job: Job) => void };

/**
 * One vacancy on the board: title, department, location, job type and the description clamped to
 * three lines. The title is a button stretched over the whole card, so a click anywhere,
 * Enter or Space opens the details.
 */
export function JobCard({ job, onOpen }: Props) {
  return (
    <article className="card group relative flex h-full flex-col gap-4 p-6 transition-colors focus-within:border-brand-300/70 hover:border-brand-300/50 hover:bg-ink-800">
      <h3 className="text-lg font-semibold leading-snug text-white">
        <button
          type="button"
          onClick={() => onOpen(job)}
          aria-haspopup="dialog"
          className="text-left after:absolute after:inset-0 after:rounded-2xl focus:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-300"
        >
          {job.title}
        </button>
      </h3>
      <JobMeta job={job} />
      <p className="line-clamp-3 text-sm leading-6 text-slate-300" data-testid="job-description">
        {job.description}
      </p>
      <span aria-hidden="true" className="mt-auto text-sm font-semibold text-brand-300 group-hover:text-brand-200">
        View details →
      </span>
    </article>
  );
}
