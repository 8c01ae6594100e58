import type { Job } from '~/lib/schemas/job';

/**
 * What the one server hands the on-demand job pages through `Astro.locals.jobPages`:
 * the database layer itself, so a page never calls its own API over HTTP.
 */
export type JobPagesStore = {
  getJob(id: number): Promise<Job | null>;
  /** True when a job with this id existed and was deleted (410 Gone); false when it never existed (404). */
  wasDeleted(id: number): Promise<boolean>;
  /** Every open job, newest first, with its last change for the jobs sitemap's lastmod. */
  listJobs(): Promise<(Job & { updatedAt?: string })[]>;
};

type JobPagesLocals = { jobPages?: JobPagesStore };

/** The store from `Astro.locals`, or null when the server did not provide one. */
export function jobPagesStore(locals: unknown): JobPagesStore | null {
  const store = (locals as JobPagesLocals | null | undefined)?.jobPages;
  return store && typeof store.getJob === 'function' ? store : null;
}

/** Job pages are shared-cached briefly and revalidated with their ETag, so an edit shows on the next request. */
export const JOB_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';
