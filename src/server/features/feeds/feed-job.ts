import { renderDescription } from '~/lib/job-description';
import { descriptionText } from '~/lib/job-description-text';
import type { JobBoard } from '~/lib/job-feeds';
import { jobPath, jobPlace, parseSalaryRange, siteOrganization, type JobPlace, type Salary } from '~/lib/job-posting';
import type { Job, JobType } from '~/lib/schemas/job';
import { SOURCE_PARAM } from '~/lib/sources';

/** A vacancy as every feed writes it, read from the same record as its page and its JSON-LD. */
export type FeedJob = {
  /** The vacancy's id: a board's reference for it, the same across every edit. */
  id: string;
  title: string;
  /** When it was first published (ISO 8601), as its page's "Posted" counts. */
  postedAt: string;
  /** Its page, with the board as `source`. */
  url: string;
  company: string;
  place: JobPlace;
  jobType: JobType;
  department: string;
  /** The location as typed ('Bengaluru, India'). */
  location: string;
  /** The description as its page renders it, and as plain text. */
  descriptionHtml: string;
  descriptionText: string;
  /** The salary as the page shows it, and its parsed range when it can be read. */
  salaryText: string | null;
  salary: Salary | null;
};

/** `job` as the feed for `board` lists it; `base` is the site's address (SITE_URL). */
export function feedJob(job: Job, board: JobBoard, base: string): FeedJob {
  const org = siteOrganization(base);
  const url = new URL(jobPath(job), base);
  url.searchParams.set(SOURCE_PARAM, board);
  return {
    id: String(job.id),
    title: job.title,
    postedAt: job.created_at,
    url: url.href,
    company: org.name,
    place: jobPlace(job.location, org),
    jobType: job.jobType,
    department: job.department,
    location: job.location,
    descriptionHtml: renderDescription(job.description).html,
    descriptionText: descriptionText(job.description),
    salaryText: job.salaryRange,
    salary: parseSalaryRange(job.salaryRange),
  };
}
