import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDIRECTS } from '../redirects';
import { isApiPath } from './app';
import { bootApi } from './boot';
import { applyHttpSettings, hstsHeaders, withHsts } from './http-settings';
import { jobPagesHandler } from './static/job-pages';
import { loadDist, notFoundPage, serveDist } from './static/serve-dist';
import { securityHeaders } from './security-headers';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** DIST_DIR lets the tests serve a second build (EmailJS configured) from the same code. */
const DIST = resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist');
const DIST_CLIENT = resolve(DIST, 'client');
const port = Number(process.env['PORT'] ?? 4321);
const hostname = process.env['HOST'] ?? '127.0.0.1';

/** Rendered on request, though the build has files under the same prefix. */
const JOB_PAGES = '/career/jobs/';
const JOBS_SITEMAP = '/sitemap-jobs.xml';
const isDynamic = (path: string) =>
  isApiPath(path) || path.startsWith(JOB_PAGES) || path === JOBS_SITEMAP || path in REDIRECTS;

const api = await bootApi();
/** Everything rendered on request that is not the API: redirects, job pages, the 404 page. */
const site = new Hono<{ Bindings: HttpBindings }>();

site.use(securityHeaders());
for (const [from, { to, status }] of Object.entries(REDIRECTS)) site.get(from, (c) => c.redirect(to, status));
const jobPages = await jobPagesHandler(DIST, api.db);
if (jobPages) site.on(['GET', 'HEAD'], [`${JOB_PAGES}*`, JOBS_SITEMAP], jobPages);
const distFiles = loadDist(DIST_CLIENT, hstsHeaders(api.http));
site.notFound(notFoundPage(distFiles));

// The static build is answered before any router (most requests, and the cheapest); the API and
// the site are two Hono apps, so an API request meets only the API's routes and middleware.
const staticFiles = serveDist(distFiles, isDynamic);
const apiRouted = getRequestListener(api.app.fetch);
const siteRouted = getRequestListener(site.fetch);
const routed = withHsts((req, res) => void (isApiPath(req.url ?? '') ? apiRouted : siteRouted)(req, res), api.http);
const server = createServer((req, res) => {
  if (!staticFiles(req, res)) routed(req, res);
});
applyHttpSettings(server, api.http);
server.listen(port, hostname, () => {
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  console.log(JSON.stringify({ level: 'info', msg: 'server listening', url: `http://${hostname}:${listening}` }));
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }));
  // Stop accepting connections, let in-flight requests finish, then close the database.
  server.close(async () => {
    await api.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
