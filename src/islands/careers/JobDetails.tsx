import type { Job } from '~/lib/schemas/job';
import { JobMeta } from './JobMeta';

/** What a visitor reads before applying: the facts and the full description, line breaks kept. */
export function JobDetails({ job }: { job: Job }) {
  return (
    <div className="flex flex-col gap-5">
      <JobMeta job={job} withSalary className="rounded-xl border border-white/10 bg-ink-900/60 p-4" />
      <div>
        <h3 className="text-base font-semibold text-white">About the role</h3>
        <p className="mt-2 whitespace-pre-line leading-7 text-slate-300" data-testid="job-full-description">
          {job.description}
        </p>
      </div>
    </div>
  );
}
