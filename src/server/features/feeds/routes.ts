import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import { etagMatches, etagOfSha1 } from '~/lib/etag';
import { JOB_FEED_PATHS, type JobBoard } from '~/lib/job-feeds';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { listJobs } from '../../db';
import { site } from '~/site';
import { feedJob, type FeedJob } from './feed-job';
import { indeedFeed } from './indeed';
import { linkedinFeed } from './linkedin';

/** Boards crawl a few times a day; a shared cache may hold a feed for five minutes, as the jobs sitemap. */
const FEED_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';

const WRITERS: Readonly<
  Record<JobBoard, (jobs: readonly FeedJob[], publisher: { name: string; url: string }, builtAt: Date) => string>
> = { indeed: indeedFeed, linkedin: linkedinFeed };

/**
 * The job boards' XML feeds (`/feeds/indeed.xml`, `/feeds/linkedin.xml`): every open vacancy, from the
 * records its page reads. The ETag hashes the jobs, not the build time, so a board's recrawl of an
 * unchanged feed gets a 304.
 */
export function feedRoutes(services: Runtime) {
  const base = services.config.mail.siteUrl;
  const answer = (board: JobBoard) => async (c: Context<AppEnv>) => {
    const jobs = (await listJobs(services.db)).map((job) => feedJob(job, board, base));
    const etag = `W/${etagOfSha1(createHash('sha1').update(JSON.stringify(jobs)).digest())}`;
    c.header('ETag', etag);
    c.header('Cache-Control', FEED_CACHE_CONTROL);
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.body(WRITERS[board](jobs, { name: site.name, url: base }, services.now()), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
    });
  };
  const app = new Hono<AppEnv>();
  for (const board of Object.keys(JOB_FEED_PATHS) as JobBoard[]) app.get(JOB_FEED_PATHS[board], answer(board));
  return app;
}
