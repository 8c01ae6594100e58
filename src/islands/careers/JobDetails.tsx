import type { Job } from '~/lib/schemas/job';
import { JobDescription } from './JobDescription';
import { JobFacts } from './JobFacts';

/** What a visitor reads before applying, rendered on the server for the job page: the facts and the full description. */
export function JobDetails({ job, headingAs = 'h3' }: { job: Job; headingAs?: 'h2' | 'h3' }) {
  return (
    <JobFacts job={job}>
      <JobDescription description={job.description} headingAs={headingAs} />
    </JobFacts>
  );
}
