import type { Salary } from '~/lib/job-posting';
import type { JobType } from '~/lib/schemas/job';
import { escapeHtml } from '~/lib/job-description';
import type { FeedJob } from './feed-job';
import { cdata, xmlDocument } from './xml';

/** Our job types in LinkedIn's `jobtype` words. */
const LINKEDIN_JOB_TYPES: Readonly<Record<JobType, string>> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACT',
  'Internship with Full-Time Opportunity': 'INTERNSHIP',
  Internship: 'INTERNSHIP',
};

/** A salary's unit in LinkedIn's `period` words. */
const LINKEDIN_PERIODS: Readonly<Record<Salary['unitText'], string>> = {
  HOUR: 'HOURLY',
  DAY: 'DAILY',
  WEEK: 'WEEKLY',
  MONTH: 'MONTHLY',
  YEAR: 'YEARLY',
};

/** LinkedIn takes no description shorter than this. */
const LINKEDIN_DESCRIPTION_MIN = 100;

/** The description, followed by the job's facts and page when it is too short for LinkedIn on its own. */
function description(job: FeedJob): string {
  if (job.descriptionText.length >= LINKEDIN_DESCRIPTION_MIN) return job.descriptionHtml;
  const facts = `${job.title} at ${job.company}: ${job.jobType}, ${job.department}, ${job.location}. Read more and apply at ${job.url}`;
  return `${job.descriptionHtml}<p>${escapeHtml(facts)}</p>`;
}

/** The parsed range in LinkedIn's `salaries` block. */
const salaries = (salary: Salary) => ({
  salary: {
    highEnd: { amount: cdata(String(salary.maxValue)), currencyCode: cdata(salary.currency) },
    lowEnd: { amount: cdata(String(salary.minValue)), currencyCode: cdata(salary.currency) },
    period: cdata(LINKEDIN_PERIODS[salary.unitText]),
    type: cdata('BASE_SALARY'),
  },
});

/**
 * LinkedIn's XML job feed: `<source>` with the publisher and the build time, one `<job>` per open
 * vacancy, every job value in CDATA.
 */
export function linkedinFeed(
  jobs: readonly FeedJob[],
  publisher: { name: string; url: string },
  builtAt: Date,
): string {
  return xmlDocument('source', {
    lastBuildDate: builtAt.toISOString(),
    publisherUrl: publisher.url,
    publisher: publisher.name,
    expectedJobCount: jobs.length,
    job: jobs.map((job) => ({
      partnerJobId: cdata(job.id),
      company: cdata(job.company),
      title: cdata(job.title),
      description: cdata(description(job)),
      applyUrl: cdata(job.url),
      location: cdata(job.location),
      city: cdata(job.place.remote ? '' : job.place.locality),
      ...(job.place.region && !job.place.remote ? { state: cdata(job.place.region) } : {}),
      country: cdata(job.place.remote ? job.place.remoteCountry : job.place.country),
      workplaceTypes: cdata(job.place.remote ? 'Remote' : 'On-site'),
      jobtype: cdata(LINKEDIN_JOB_TYPES[job.jobType]),
      listDate: cdata(job.postedAt),
      ...(job.salary ? { salaries: salaries(job.salary) } : {}),
    })),
  });
}
