import { REDIRECTS, redirectsForAstro } from '../../redirects';
import { APPLICATION_PAGE_PATH } from '~/lib/application-path';
import { JOB_FEED_PATHS } from '~/lib/job-feeds';

/** Vacancy pages, rendered on request from the database. */
export const JOB_PAGES = '/career/jobs/';
/** The sitemap of the open vacancies, written on request. */
export const JOBS_SITEMAP = '/sitemap-jobs.xml';
/** A mailed link to an applicant's private page: the static page, answered with headers of its own. */
const APPLICATION_LINK = new RegExp(`^${APPLICATION_PAGE_PATH}/[A-Za-z0-9_-]+$`);
/** Redirects the build cannot write as pages (they differ from their target only by case). */
const CASE_ONLY_REDIRECTS = new Set(Object.keys(redirectsForAstro().caseOnly));
/** The job boards' feeds, written on request from the vacancies. */
const JOB_FEEDS: ReadonlySet<string> = new Set(Object.values(JOB_FEED_PATHS));

/**
 * The site's paths (not the API's) that only the Node server answers: a static host or CDN that
 * serves dist/client must forward these to it (docs/CONFIGURATION.md, Split deployment).
 */
export const isNodeOnlyPath = (path: string): boolean =>
  path.startsWith(JOB_PAGES) ||
  path === JOBS_SITEMAP ||
  JOB_FEEDS.has(path) ||
  APPLICATION_LINK.test(path) ||
  CASE_ONLY_REDIRECTS.has(path);

/** Whether the server answers `path` itself rather than from the static build: the Node-only paths and every redirect. */
export const isRenderedPath = (path: string): boolean => isNodeOnlyPath(path) || path in REDIRECTS;
