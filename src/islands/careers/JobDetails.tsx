import type { Job } from '~/lib/schemas/job';
import { JobMeta } from './JobMeta';

/** What a visitor reads before applying: the facts and the full description, line breaks kept. */
export function JobDetails({ job, headingAs: Heading = 'h3' }: { job: Job; headingAs?: 'h2' | 'h3' }) {
  return (
    <div className="flex flex-col gap-5">
      <JobMeta job={job} withSalary className="rounded-xl border border-white/10 bg-ink-900/60 p-4" />
      <div>
        <Heading className="text-base font-semibold text-white">About the role</Heading>
        <p className="mt-2 whitespace-pre-line leading-7 text-slate-300" data-testid="job-full-description">
          {job.description}
        </p>
      </div>
    </div>
  );
}
