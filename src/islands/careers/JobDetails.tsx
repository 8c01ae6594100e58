import type { RenderedDescription } from '~/lib/job-description';
import type { Job } from '~/lib/schemas/job';
import { JobDescription } from './JobDescription';
import { JobFacts } from './JobFacts';

type Props = { job: Job; rendered: RenderedDescription; headingAs?: 'h2' | 'h3' };

/** What a visitor reads before applying, rendered on the server for the job page: the facts and the full description. */
export function JobDetails({ job, rendered, headingAs = 'h3' }: Props) {
  return (
    <JobFacts job={job}>
      <JobDescription rendered={rendered} headingAs={headingAs} />
    </JobFacts>
  );
}
