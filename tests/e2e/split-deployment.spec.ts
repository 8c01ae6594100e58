/**
 * The split deployment as README's "Split" describes it: the site built with PUBLIC_API_URL
 * (dist-split), its files on a static host of their own origin that forwards only the Node-only
 * paths (node-only-paths.ts) to the server, and the API on another origin, allowed by CORS_ORIGINS.
 * A person applies on a job page and opens their private page from the receipt, across the two.
 * Opt-in (E2E_SPLIT=1): the browser tests' global setup then builds dist-split (split-build.ts).
 */
import { once } from 'node:events';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { E2E_ADMIN } from '../../playwright.config';
import type { Job } from '../../src/lib/schemas';
import { isNodeOnlyPath } from '../../src/server/static/node-only-paths';
import { freePort } from '../../support/free-port';
import { samplePdf } from './admin-fixtures';
import { expect, fillApplicationForm, hydrate, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-fixtures';
import { SPLIT_API_ORIGIN as apiOrigin } from './split-build';

test.skip(!process.env['E2E_SPLIT'], 'opt-in: with E2E_SPLIT=1 the global setup builds dist-split');
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let api: MailServer;
let staticHost: ServerType | undefined;
/** The static host's origin: another host name than the API's, so every API call is cross-site. */
let site = '';
let job: Job;

/** A static host or CDN: the files of `root`, and the Node-only paths forwarded to `nodeOrigin`. */
function staticHostApp(root: string, nodeOrigin: string): Hono {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '*', (c, next) => {
    if (!isNodeOnlyPath(c.req.path)) return next();
    const url = new URL(c.req.url);
    return proxy(`${nodeOrigin}${url.pathname}${url.search}`, { method: c.req.method });
  });
  app.use('*', serveStatic({ root }));
  return app;
}

test.beforeAll(async ({ playwright }) => {
  const port = await freePort();
  site = `http://localhost:${port}`;
  api = await startMailServer({
    PORT: new URL(apiOrigin).port,
    DIST_DIR: 'dist-split',
    SITE_URL: site,
    CORS_ORIGINS: site,
  });
  expect(api.url).toBe(apiOrigin);
  staticHost = serve({ fetch: staticHostApp('dist-split/client', api.url).fetch, port, hostname: '127.0.0.1' });
  await once(staticHost, 'listening');

  const request = await playwright.request.newContext();
  const login = await request.post(`${api.url}/api/admin`, { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post(`${api.url}/api/job`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: 'Split Deployment Engineer',
      department: 'R&D',
      location: 'Pune, India',
      jobType: 'Full-time',
      description: 'Serve a static site from one origin and its API from another.',
    },
  });
  job = ((await created.json()) as { job: Job }).job;
  await request.dispose();
});
test.afterAll(async () => {
  staticHost?.close();
  await api?.stop();
});

test('a person applies on a job page of the static host and opens the private page from the receipt, the API on another origin @once', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url()).origin);
  });

  // The careers board is a file of the static host; it lists the vacancy from the API.
  const board = await page.goto(`${site}/career`);
  expect(board?.headers()['x-frame-options']).toBeUndefined();
  await expect(page.getByRole('link', { name: job.title, exact: true })).toBeVisible();

  // The job page and the jobs sitemap come from the server, through the static host.
  const jobPage = await page.goto(`${site}/career/jobs/${job.id}`);
  expect(jobPage?.status()).toBe(200);
  expect(jobPage?.headers()['x-frame-options']).toBe('DENY');
  const sitemap = await page.request.get(`${site}/sitemap-jobs.xml`);
  expect(await sitemap.text()).toContain(`/career/jobs/${job.id}-`);

  await page.goto(`${site}/career/jobs/${job.id}`);
  await hydrate(page, 'button:has-text("Apply Now")');
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const email = 'split.applicant@example.org';
  await fillApplicationForm(
    page.getByRole('form', { name: `Application for ${job.title}` }),
    {
      name: 'Kavya Rao',
      email,
      phone: '+91 98450 67890',
      coverLetter: 'I have deployed static sites on CDNs in front of Node APIs for six years.',
    },
    { name: 'cv.pdf', mimeType: 'application/pdf', buffer: samplePdf('kavya') },
  );
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByTestId('applied-confirmation')).toContainText(`We have e-mailed a receipt to ${email}.`);

  // The receipt links to the site's origin; the static host forwards the link to the server.
  await expect.poll(() => api.smtp.mails.some((mail) => mail.to.includes(email))).toBe(true);
  const receipt = api.smtp.mails.find((mail) => mail.to.includes(email))!;
  const link = /href="([^"]*\/application\/[^"]+)"/.exec(String(receipt.parsed.html))?.[1] ?? '';
  expect(link).toMatch(new RegExp(`^${site}/application/[A-Za-z0-9_-]{43}$`));
  const opened = await page.goto(link);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByText(job.title)).toBeVisible();
  await expect(page).toHaveURL(`${site}/application`);

  // A state change across the two origins: the API allows the site (CORS_ORIGINS).
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByRole('alertdialog', { name: 'Withdraw your application?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  await expect(page.getByText('Withdrawn by you')).toBeVisible();

  expect(apiCalls.length).toBeGreaterThan(0);
  expect(new Set(apiCalls)).toEqual(new Set([apiOrigin]));
});
