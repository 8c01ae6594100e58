import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDIRECTS } from '../redirects';
import { isApiPath, METRICS_PATH } from './app';
import { bootApi } from './boot';
import { announceReady, startHttpServer } from './http-server';
import { DOCUMENT_HEADERS, withHeaders } from './security-headers';
import { jobPagesHandler } from './static/job-pages';
import { isRenderedPath, JOB_PAGES, JOBS_SITEMAP } from './static/node-only-paths';
import { loadDist, notFoundPage, pageAt, serveDist } from './static/serve-dist';
import { APPLICATION_PAGE_PATH } from '~/lib/application-path';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** DIST_DIR lets the tests serve another build (EmailJS configured, or a split one) from the same code. */
const DIST = resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist');
const DIST_CLIENT = resolve(DIST, 'client');

const api = await bootApi();

/** What the API answers: `/api`, and `/metrics` when it is on. */
const isApiRequest = (url: string) => isApiPath(url) || (api.metrics && url.split('?')[0] === METRICS_PATH);
// Answered by the server, not from the build's files, though job pages share a prefix with some of them.
const isDynamic = (path: string) => isApiRequest(path) || isRenderedPath(path);

/** Everything rendered on request that is not the API: redirects, job pages, the 404 page. */
const site = new Hono<{ Bindings: HttpBindings }>();
site.use(withHeaders(DOCUMENT_HEADERS));
for (const [from, { to, status }] of Object.entries(REDIRECTS)) site.get(from, (c) => c.redirect(to, status));
const jobPages = await jobPagesHandler(DIST, api.db);
if (jobPages) site.on(['GET', 'HEAD'], [`${JOB_PAGES}*`, JOBS_SITEMAP], jobPages);
const distFiles = loadDist(DIST_CLIENT);
// The token in the address must reach no cache and, as Referer, no other site.
site.on(
  ['GET', 'HEAD'],
  `${APPLICATION_PAGE_PATH}/:token`,
  pageAt(distFiles, APPLICATION_PAGE_PATH, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }),
);
site.notFound(notFoundPage(distFiles));

// In order: a file of the static build (from memory), the API, the site's dynamic routes.
const staticFiles = serveDist(distFiles, isDynamic);
const apiListener = getRequestListener(api.app.fetch);
const siteListener = getRequestListener(site.fetch);
startHttpServer(
  api,
  (req, res) => {
    if (staticFiles(req, res)) return;
    void (isApiRequest(req.url ?? '') ? apiListener : siteListener)(req, res);
  },
  (port) => announceReady({ msg: 'server listening', url: `http://${api.http.hostname}:${port}` }),
);
