import { etagMatches, etagOfSha1 } from '~/lib/etag';
import type { RenderedDescription } from '~/lib/job-description';
import { descriptionText } from '~/lib/job-description-text';
import { jobIdFromSlug, jobPath, jobPostingJsonLd, siteOrganization } from '~/lib/job-posting';
import type { Job } from '~/lib/schemas/job';
import { clampDescription } from '~/lib/seo';

/**
 * What the one server hands the on-demand job pages through `Astro.locals.jobPages`:
 * the database layer itself, so a page never calls its own API over HTTP.
 */
export type JobPagesStore = {
  /** An open job with its description rendered; null when it is closed, deleted or never existed. */
  getJob(id: number): Promise<PageJob | null>;
  /** True when a job with this id was deleted or is closed (410 Gone); false when it never existed (404). */
  wasDeleted(id: number): Promise<boolean>;
  /** Every open job, newest first, with its last change for the jobs sitemap's lastmod. */
  listJobs(): Promise<(Job & { updatedAt?: string })[]>;
};

/**
 * What a store throws when its database cannot answer for now (down, or full): the page answers
 * `status` with Retry-After, as the API does, instead of a 500.
 */
export class JobPagesUnavailable extends Error {
  override readonly name = 'JobPagesUnavailable';

  constructor(
    readonly status: 503 | 507,
    readonly retryAfterSeconds: number,
  ) {
    super('The job pages’ database cannot answer for now');
  }
}

/**
 * The answer to `error` when it is a JobPagesUnavailable (never cached, so the page is back with
 * the database), else null. Told by its name: the server and the site's build each bundle their
 * own copy of the class, so `instanceof` would not know the server's.
 */
export function unavailableAnswer(error: unknown): { status: 503 | 507; headers: Record<string, string> } | null {
  if (!(error instanceof Error) || error.name !== 'JobPagesUnavailable') return null;
  const { status, retryAfterSeconds } = error as JobPagesUnavailable;
  return { status, headers: { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' } };
}

/** A job as its page shows it: the description parsed once per version of the job, not per request. */
export type PageJob = Job & { rendered: RenderedDescription };

type JobPagesLocals = { jobPages?: JobPagesStore };

/** The store from `Astro.locals`, or null when the server did not provide one. */
export function jobPagesStore(locals: unknown): JobPagesStore | null {
  const store = (locals as JobPagesLocals | null | undefined)?.jobPages;
  return store && typeof store.getJob === 'function' ? store : null;
}

/** Job pages are shared-cached briefly and revalidated with their ETag, so an edit shows on the next request. */
const JOB_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';
/** Missing and closed positions are shared-cached briefly; they do not change once gone. */
const MISSING_CACHE_CONTROL = 'public, max-age=0, s-maxage=30';

/** What the vacancy page answers, decided before any markup is rendered. */
type JobPageState =
  | { kind: 'redirect'; location: string }
  | { kind: 'not-modified'; headers: Record<string, string> }
  | { kind: 'job'; job: PageJob; headers: Record<string, string> }
  | { kind: 'missing'; status: 404 | 410; headers: Record<string, string> }
  | { kind: 'unavailable'; status: 503 | 507; headers: Record<string, string> };

/**
 * The vacancy at `/career/jobs/{slug}`: 301 to its canonical path (with the query string, which
 * carries the link's source), 304 when the client's ETag still matches, the job with its ETag,
 * 410 (deleted or closed) / 404 (never existed), or 503 / 507 while the database cannot answer.
 */
export async function jobPageState(
  store: JobPagesStore,
  slug: string | undefined,
  url: URL,
  ifNoneMatch: string | null,
): Promise<JobPageState> {
  try {
    return await readJobPageState(store, slug, url, ifNoneMatch);
  } catch (error) {
    const answer = unavailableAnswer(error);
    if (!answer) throw error;
    return { kind: 'unavailable', ...answer };
  }
}

async function readJobPageState(
  store: JobPagesStore,
  slug: string | undefined,
  url: URL,
  ifNoneMatch: string | null,
): Promise<JobPageState> {
  const id = jobIdFromSlug(slug);
  const job = id === null ? null : await store.getJob(id);
  if (!job) {
    const gone = id !== null && (await store.wasDeleted(id));
    return { kind: 'missing', status: gone ? 410 : 404, headers: { 'Cache-Control': MISSING_CACHE_CONTROL } };
  }
  const canonical = jobPath(job);
  if (url.pathname.replace(/\/$/, '') !== canonical) return { kind: 'redirect', location: canonical + url.search };
  const etag = etagOfSha1(
    new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(JSON.stringify(job)))),
  );
  const headers = { ETag: etag, 'Cache-Control': JOB_PAGE_CACHE_CONTROL };
  return etagMatches(ifNoneMatch, etag) ? { kind: 'not-modified', headers } : { kind: 'job', job, headers };
}

/** The page's meta description and its JobPosting JSON-LD, safe inside a <script>. */
export function jobPageHead(job: PageJob, base: URL | string): { description: string; jsonLd: string } {
  const summary = descriptionText(job.description);
  const description = clampDescription(`${job.jobType} · ${job.location} · ${job.department}. ${summary}`);
  const posting = jobPostingJsonLd(job, job.rendered.html, siteOrganization(base), new URL(jobPath(job), base).href);
  return { description, jsonLd: JSON.stringify(posting).replace(/</g, '\\u003c') };
}
