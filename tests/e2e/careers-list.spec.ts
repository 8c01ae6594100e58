import { apiTest as test, expect } from './fixtures';
import { holdRoute } from './held-route';
import { uniqueTag, jobInput, cardTitle, card, positions, openBoard } from './careers-helpers';

/* ---------- list ---------- */

test.describe('careers › list', () => {
  test(
    "shows 'Loading positions...' while the jobs load, then the cards",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const release = await holdRoute(page, '**/api/job');
      await openBoard(page);
      await expect(page.getByText('Loading positions...')).toBeVisible();
      release();
      await expect(cardTitle(page, job)).toBeVisible();
      await expect(page.getByText('Loading positions...')).toHaveCount(0);
    },
  );

  test(
    "shows 'No open positions at the moment. Check back soon!' when there are no jobs",
    { tag: '@once' },
    async ({ page }) => {
      await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
      await openBoard(page);
      await expect(page.getByText('No open positions at the moment. Check back soon!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveCount(0);
    },
  );

  test('accepts a bare array of jobs as well as { jobs }', { tag: '@once' }, async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = { id: 987654, ...jobInput(tag), created_at: new Date().toISOString() };
    await page.route('**/api/job', (route) => route.fulfill({ json: [job] }));
    await openBoard(page);
    await expect(cardTitle(page, job)).toBeVisible();
  });

  test(
    "shows 'Failed to load job listings. Please try again later.' when the API fails, and retries",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      let calls = 0;
      await page.route('**/api/job', (route) => {
        calls += 1;
        return route.fulfill({ status: 500, json: { message: 'Internal error' } });
      });
      await openBoard(page);
      const failure = page
        .getByRole('alert')
        .filter({ hasText: 'Failed to load job listings. Please try again later.' });
      await expect(failure).toBeVisible({ timeout: 10_000 });
      const failedCalls = calls;
      await page.unroute('**/api/job');
      await failure.getByRole('button', { name: 'Try again' }).click();
      await expect(cardTitle(page, job)).toBeVisible();
      await expect(failure).toHaveCount(0);
      expect(failedCalls).toBeGreaterThanOrEqual(1);
    },
  );

  test("filters by department: 'All' plus each distinct department, the active one pressed", async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const first = await createJob(jobInput(tag, { title: `Firmware Engineer ${tag}`, department: `Firmware ${tag}` }));
    const second = await createJob(jobInput(tag, { title: `Driver Engineer ${tag}`, department: `Firmware ${tag}` }));
    const other = await createJob(jobInput(tag, { title: `Vision Researcher ${tag}`, department: `Research ${tag}` }));
    await openBoard(page);

    const filters = page.getByRole('group', { name: 'Filter positions by department' });
    const all = filters.getByRole('button', { name: 'All', exact: true });
    const firmware = filters.getByRole('button', { name: `Firmware ${tag}`, exact: true });
    const research = filters.getByRole('button', { name: `Research ${tag}`, exact: true });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(firmware).toHaveCount(1);
    await expect(research).toHaveCount(1);
    await expect(firmware).toHaveAttribute('aria-pressed', 'false');

    await firmware.click();
    await expect(firmware).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    await expect(positions(page).getByRole('listitem')).toHaveCount(2);
    await expect(cardTitle(page, first)).toBeVisible();
    await expect(cardTitle(page, second)).toBeVisible();
    await expect(cardTitle(page, other)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('department')).toBe(`Firmware ${tag}`);

    await all.click();
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitle(page, other)).toBeVisible();
  });

  test(
    "shows 'No positions found in this department.' for a department without jobs",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      await openBoard(page, `/career?department=${encodeURIComponent(`Closed ${tag}`)}`);
      await expect(page.getByText('No positions found in this department.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
      await page.getByRole('button', { name: 'Show all positions' }).click();
      await expect(cardTitle(page, job)).toBeVisible();
      await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
    },
  );

  test('a card shows title, department, location and job type, with the description clamped to three lines', async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const description = Array.from(
      { length: 12 },
      (_, i) => `Sentence ${i + 1} about quantising detection models for edge modules.`,
    ).join(' ');
    const job = await createJob(
      jobInput(tag, { jobType: 'Internship with Full-Time Opportunity', location: 'Remote (India)', description }),
    );
    await openBoard(page);
    const jobCard = card(page, job);
    for (const text of [job.title, job.department, 'Remote (India)', 'Internship with Full-Time Opportunity']) {
      await expect(jobCard).toContainText(text);
    }
    const clamp = await jobCard.getByTestId('job-description').evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        clamp: style.getPropertyValue('-webkit-line-clamp'),
        lines: Math.round(el.clientHeight / parseFloat(style.lineHeight)),
        overflowing: el.scrollHeight > el.clientHeight,
      };
    });
    expect(clamp).toEqual({ clamp: '3', lines: 3, overflowing: true });
  });

  test('the board has no axe violations', async ({ page, createJob, axe }, testInfo) => {
    test.slow(); // axe on a shared 2-core machine
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    await expect(cardTitle(page, job)).toBeVisible();
    expect(await axe('main')).toEqual([]);
  });

  test("'Send an open application' goes to the general application page", { tag: '@once' }, async ({ page }) => {
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
    await openBoard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open Positions' })).toBeVisible();
    // The board above the link settles first: with jobs it grows, and a click aimed before would miss.
    await expect(page.getByText('No open positions at the moment. Check back soon!')).toBeVisible();
    await page.getByRole('link', { name: 'Send an open application' }).click();
    await expect(page).toHaveURL(/\/career\/open-application$/);
  });

  test("'Get in Touch', beside the open application, goes to the home page's contact form", async ({ page }) => {
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
    await openBoard(page);
    await expect(page.getByText('No open positions at the moment. Check back soon!')).toBeVisible();
    const open = page.getByRole('link', { name: 'Send an open application' });
    const touch = page.getByRole('link', { name: 'Get in Touch', exact: true });
    await expect(touch).toHaveAttribute('href', '/#contact');
    // Beside it: both links in the one call to action.
    await expect(open.locator('xpath=..')).toContainText('Get in Touch');
    await touch.click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });
});
