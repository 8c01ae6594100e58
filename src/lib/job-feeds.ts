/**
 * The job boards that crawl our vacancies from an XML feed. A board's name is also the `source`
 * its links carry, so the Sources report credits it.
 */
export const JOB_FEED_PATHS = {
  indeed: '/feeds/indeed.xml',
  linkedin: '/feeds/linkedin.xml',
} as const;

export type JobBoard = keyof typeof JOB_FEED_PATHS;
