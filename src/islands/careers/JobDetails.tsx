import { useMemo } from 'react';
import { DESCRIPTION_CLASS, descriptionHtml, startsWithHeading } from '~/lib/job-description';
import type { Job } from '~/lib/schemas/job';
import { cn } from '~/islands/ui/cn';
import { JobMeta } from './JobMeta';

/**
 * What a visitor reads before applying: the facts and the full description (the Markdown subset of
 * src/lib/job-description.ts, line breaks kept). A description that opens with its own heading
 * (often "About the role" itself) gets no visible generic heading, only 'Job description' for
 * screen readers, so the outline stays in order and nothing is said twice.
 */
export function JobDetails({ job, headingAs: Heading = 'h3' }: { job: Job; headingAs?: 'h2' | 'h3' }) {
  const html = useMemo(() => descriptionHtml(job.description), [job.description]);
  const ownHeading = useMemo(() => startsWithHeading(job.description), [job.description]);
  return (
    <div className="flex flex-col gap-5">
      <JobMeta job={job} withSalary className="rounded-xl border border-white/10 bg-ink-900/60 p-4" />
      <div>
        <Heading className={cn('text-base font-semibold text-white', ownHeading && 'sr-only')}>
          {ownHeading ? 'Job description' : 'About the role'}
        </Heading>
        <div
          className={cn(DESCRIPTION_CLASS, !ownHeading && 'mt-2')}
          data-testid="job-full-description"
          // Built by descriptionHtml: every text escaped, only its own few tags, links checked.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </div>
  );
}
