import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootApi } from './boot';
import { jobPagesHandler } from './static/job-pages';
import { notFoundPage, serveDist } from './static/serve-dist';
import { securityHeaders } from './static/security-headers';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** DIST_DIR lets the tests serve a second build (EmailJS configured) from the same code. */
const DIST = resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist');
const DIST_CLIENT = resolve(DIST, 'client');
const port = Number(process.env['PORT'] ?? 4321);
const hostname = process.env['HOST'] ?? '127.0.0.1';

const api = await bootApi();
const root = new Hono<{ Bindings: HttpBindings }>();

root.use(securityHeaders());
root.route('/', api.app);
// The route table names /Industrials; the page lives at the lower-case URL.
root.get('/Industrials', (c) => c.redirect('/industrials', 301));
// SPEC redirects to /login, which never existed; DESIGN.md sends it to the admin login instead.
root.get('/login', (c) => c.redirect('/adminlogin', 302));
const jobPages = await jobPagesHandler(DIST, api.db);
if (jobPages) root.on(['GET', 'HEAD'], ['/career/jobs/*', '/sitemap-jobs.xml'], jobPages);
root.use(serveDist(DIST_CLIENT));
root.notFound(notFoundPage(DIST_CLIENT));

const server = serve({ fetch: root.fetch, port, hostname }, (info) => {
  console.log(JSON.stringify({ level: 'info', msg: 'server listening', url: `http://${hostname}:${info.port}` }));
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
