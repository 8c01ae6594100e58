import type { JobType } from '~/lib/schemas/job';
import type { FeedJob } from './feed-job';
import { cdata, xmlDocument } from './xml';

/** Our job types in Indeed's `jobtype` words. */
const INDEED_JOB_TYPES: Readonly<Record<JobType, string>> = {
  'Full-time': 'fulltime',
  'Part-time': 'parttime',
  Contract: 'contract',
  'Internship with Full-Time Opportunity': 'internship',
  Internship: 'internship',
};

/**
 * Indeed's XML job feed: `<source>` with the publisher and the build time, one `<job>` per open
 * vacancy, every job value in CDATA as Indeed asks.
 */
export function indeedFeed(jobs: readonly FeedJob[], publisher: { name: string; url: string }, builtAt: Date): string {
  return xmlDocument('source', {
    publisher: publisher.name,
    publisherurl: publisher.url,
    lastBuildDate: builtAt.toISOString(),
    job: jobs.map((job) => ({
      title: cdata(job.title),
      date: cdata(job.postedAt),
      referencenumber: cdata(job.id),
      requisitionid: cdata(job.id),
      url: cdata(job.url),
      company: cdata(job.company),
      city: cdata(job.place.remote ? '' : job.place.locality),
      state: cdata(job.place.remote ? '' : (job.place.region ?? '')),
      country: cdata(job.place.remote ? job.place.remoteCountry : job.place.country),
      description: cdata(job.descriptionHtml),
      ...(job.salaryText ? { salary: cdata(job.salaryText) } : {}),
      jobtype: cdata(INDEED_JOB_TYPES[job.jobType]),
    })),
  });
}
