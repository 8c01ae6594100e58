import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { consentMessages } from '../../src/lib/privacy';
import { HONEYPOT_FIELD } from '../../src/lib/spam';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Fixtures = {
  /** Runs axe on the page (or one part of it) and returns the violations, for `expect(...).toEqual([])`. */
  axe: (include?: string) => Promise<{ id: string; help: string; nodes: string[] }[]>;
  /** True in the 390 px project. */
  isNarrow: boolean;
};

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use) => {
    await use(async (include) => {
      await animationsFinished(page);
      // @axe-core/playwright types its Page from its own playwright-core copy; the objects are the same.
      let builder = new AxeBuilder({
        page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]['page'],
      })
        .withTags(WCAG_TAGS)
        // Our pages have no cross-origin frames, so axe can finish in the page itself instead of in a
        // second page it would otherwise open for every run (half of each check's time).
        .setLegacyMode(true);
      if (include) builder = builder.include(include);
      const { violations } = await builder.analyze();
      return violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    });
  },
  isNarrow: async ({ page }, use) => {
    await use((page.viewportSize()?.width ?? 1280) < 768);
  },
});

export { expect };

/**
 * Resolves when every finite animation on the page has finished (a dialog fading in has its final colours).
 * Scroll-driven animations (a table's scroll cue) follow scrolling, not time: they never finish.
 */
async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.timeline instanceof DocumentTimeline &&
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Collects what a page reports as broken from now on: content security policy violations (logged
 * as console errors by an init script), console errors and uncaught exceptions.
 */
export async function collectPageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  // With where it came from, so an error seen once on a busy machine can be traced.
  page.on('console', (message) => {
    const { url, lineNumber } = message.location();
    if (message.type() === 'error') problems.push(`${message.text()} (${url}:${lineNumber})`);
  });
  page.on('pageerror', (error) => problems.push(error.stack ?? error.message));
  return problems;
}

/**
 * Brings in what a page loads only on sight: each `client:visible` island is scrolled into view
 * until it has hydrated (awaited), lazy images are told to load now, and the page goes back to
 * its top. A scroll through the page a frame at a time did the same in two to three seconds.
 */
export async function revealWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // An island is display: contents, so its first child is what the visibility observer watches.
    for (const island of document.querySelectorAll('astro-island[client="visible"][ssr]')) {
      island.firstElementChild?.scrollIntoView({ block: 'center', behavior: 'instant' });
      await twoFrames();
    }
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) image.loading = 'eager';
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.waitForFunction(() => !document.querySelector('astro-island[client="visible"][ssr]'));
}

/**
 * Scrolls the island holding `selector` (relative to the island) into view so a `client:visible`
 * island hydrates, then waits for hydration (Astro drops the `ssr` attribute).
 */
export async function hydrate(page: Page, selector: string): Promise<void> {
  const island = page
    .locator('astro-island')
    .filter({ has: page.locator(selector) })
    .first();
  // The island is display: contents (no box of its own), so its content is what gets scrolled to;
  // a page still smooth-scrolling to its #fragment can carry it away again, hence the retries.
  const content = island.locator(':scope > *').first();
  await expect(async () => {
    await content.scrollIntoViewIfNeeded();
    await expect(island).not.toHaveAttribute('ssr', /.*/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Acts as a bot on the form in `scope`: checks that people never meet its honeypot (no role or
 * name, out of the tab order), then fills it.
 */
export async function fillHoneypot(scope: Locator): Promise<void> {
  const honeypot = scope.locator(`input[name="${HONEYPOT_FIELD}"]`);
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(scope.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
  await honeypot.fill('https://cheap-backlinks.example', { force: true });
}

/** A visitor's answers on the application form (LinkedIn is optional). */
export type ApplicationValues = { name: string; email: string; phone: string; linkedin?: string; coverLetter: string };

/** The application form's required privacy-notice checkbox in `scope`, worded for a vacancy or a general application. */
export const consentBox = (scope: Locator) =>
  scope
    .getByRole('checkbox', { name: consentMessages.label, exact: true })
    .or(scope.getByRole('checkbox', { name: consentMessages.generalLabel, exact: true }));

/**
 * Fills the application form in `scope` (the careers modal or a job page) as a visitor does,
 * including the consent every real application needs: the one place e2e tests tick that box.
 */
export async function fillApplicationForm(
  scope: Locator,
  values: ApplicationValues,
  resume: Parameters<Locator['setInputFiles']>[0],
): Promise<void> {
  await scope.getByLabel('Full Name').fill(values.name);
  await scope.getByLabel('Email').fill(values.email);
  await scope.getByLabel('Phone').fill(values.phone);
  if (values.linkedin !== undefined) await scope.getByLabel('LinkedIn Profile (optional)').fill(values.linkedin);
  await scope.getByLabel('Cover Letter').fill(values.coverLetter);
  await scope.getByLabel('Resume').setInputFiles(resume);
  await consentBox(scope).check();
}

/* ---- Admin API fixtures (careers suite): log in through the API and seed jobs that are removed afterwards. ---- */

import type { APIRequestContext } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { E2E_ADMIN } from '../../playwright.config';
import type { Applicant, Job, JobInput } from '../../src/lib/schemas';

type ApiFixtures = {
  /** Creates a job through POST /api/job; the job and its applicants are deleted after the test. */
  createJob: (input: JobInput) => Promise<Job>;
  /** GET /api/applicants as the admin. */
  listApplicants: () => Promise<Applicant[]>;
};
type ApiWorkerFixtures = {
  /** A Bearer token for the E2E admin, from POST /api/admin. */
  adminToken: string;
};

/**
 * Logins are rate limited per e-mail, and every failed test starts a new worker: the token is
 * shared through a file next to the test data and reused while GET /api/auth/verify accepts it.
 */
async function sharedAdminToken(request: APIRequestContext, cacheFile: string): Promise<string> {
  try {
    const cached = readFileSync(cacheFile, 'utf8').trim();
    const check = await request.get('/api/auth/verify', { headers: { Authorization: `Bearer ${cached}` } });
    if (check.ok()) return cached;
  } catch {
    // No cached token yet.
  }
  const response = await request.post('/api/admin', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(response.ok(), `admin login: ${response.status()} ${await response.text()}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, token);
  return token;
}

export const apiTest = test.extend<ApiFixtures, ApiWorkerFixtures>({
  adminToken: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? '';
      const request = await playwright.request.newContext({ baseURL });
      const port = new URL(baseURL).port;
      const token = await sharedAdminToken(request, join(workerInfo.project.outputDir, `.admin-token-${port}`));
      await request.dispose();
      await use(token);
    },
    { scope: 'worker' },
  ],
  listApplicants: async ({ request, adminToken }, use) => {
    await use(async () => {
      const response = await request.get('/api/applicants', { headers: { Authorization: `Bearer ${adminToken}` } });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { applicants: Applicant[] }).applicants;
    });
  },
  createJob: async ({ request, adminToken, listApplicants }, use) => {
    const auth = { Authorization: `Bearer ${adminToken}` };
    const created: number[] = [];
    await use(async (input) => {
      const response = await request.post('/api/job', { data: input, headers: auth });
      expect(response.status(), await response.text()).toBe(201);
      const { job } = (await response.json()) as { job: Job };
      created.push(job.id);
      return job;
    });
    const applicants = await listApplicants();
    for (const applicant of applicants.filter((a) => created.includes(a.jobId))) {
      await request.delete(`/api/applicants/${applicant.id}`, { headers: auth });
    }
    for (const id of created) await request.delete(`/api/job/${id}`, { headers: auth });
  },
});
