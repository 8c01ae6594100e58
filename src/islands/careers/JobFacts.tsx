import type { ReactNode } from 'react';
import { longDay } from '~/lib/calendar-day';
import { jobMessages, type Job } from '~/lib/schemas/job';
import { JobMeta } from './JobMeta';

/** The facts of a vacancy above its description (`children`), in the job page and the careers modal alike. */
export function JobFacts({ job, children }: { job: Job; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <JobMeta job={job} withSalary className="rounded-xl border border-white/10 bg-ink-900/60 p-4" />
      {job.closesAt && (
        <p className="text-sm text-slate-300" data-field="closesAt">
          <time dateTime={job.closesAt}>{jobMessages.closesOn(longDay(new Date(job.closesAt)))}</time>
        </p>
      )}
      {children}
    </div>
  );
}
