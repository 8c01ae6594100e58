import type { Page } from '@playwright/test';
import type { Job } from '../../src/lib/schemas';
import { apiTest as test, expect } from './fixtures';
import { holdRoute } from './held-route';
import { card, cardTitle, jobInput, openBoard, positions, uniqueTag } from './careers-helpers';

/* What the board says at a glance: salary, posting date, aligned facts, a loading state of the final height. */

const DAY = 86_400_000;
const mockJobs = (tag: string, overrides: Partial<Job>[]): Job[] =>
  overrides.map((override, i) => ({
    id: 900_000 + i,
    // Facts of a usual length: department, location, type and salary take two lines, as the skeleton does.
    ...jobInput(tag, { title: `Role ${i + 1} ${tag}`, department: 'Engineering' }),
    salaryRange: '₹18–28 LPA',
    created_at: new Date(Date.now() - i * DAY).toISOString(),
    ...override,
  })) as Job[];

const serveJobs = (page: Page, jobs: Job[]) => page.route('**/api/job', (route) => route.fulfill({ json: { jobs } }));

/** The top of "Don't see the right role?", the section below the board. */
const belowBoard = async (page: Page) => (await page.locator('#contact-cta-title').boundingBox())!.y;

test.describe('careers › the board at a glance', () => {
  test('a card shows the salary and when the job was posted', async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag, { salaryRange: '₹18–28 LPA' }));
    const unpaid = await createJob(jobInput(tag, { title: `Unpaid listing ${tag}`, salaryRange: null }));
    await openBoard(page);
    const jobCard = card(page, job);
    await expect(jobCard.locator('[data-field="salaryRange"] dd')).toHaveText('₹18–28 LPA');
    await expect(jobCard.locator('time')).toHaveText('Posted today');
    await expect(jobCard.locator('time')).toHaveAttribute('datetime', job.created_at);
    await expect(card(page, unpaid).locator('[data-field="salaryRange"]')).toHaveCount(0);
  });

  test('posting dates read in words', { tag: '@once' }, async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const jobs = mockJobs(tag, [
      {},
      { created_at: new Date(Date.now() - DAY).toISOString() },
      { created_at: new Date(Date.now() - 3 * DAY).toISOString() },
      { created_at: new Date(Date.now() - 16 * DAY).toISOString() },
    ]);
    await serveJobs(page, jobs);
    await openBoard(page);
    await expect(positions(page).locator('time')).toHaveText([
      'Posted today',
      'Posted yesterday',
      'Posted 3 days ago',
      'Posted 2 weeks ago',
    ]);
  });

  test(
    'the facts, texts and footers of the cards in a row start on one line',
    { tag: '@once' },
    async ({ page }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const jobs = mockJobs(tag, [
        { title: `A title long enough to wrap onto a second line of the card ${tag}` },
        { title: `Short ${tag}`, salaryRange: null },
        { title: `Middle length title ${tag}` },
      ]);
      await serveJobs(page, jobs);
      await openBoard(page);
      await expect(positions(page).getByRole('listitem')).toHaveCount(3);
      for (const selector of [
        '[data-field="location"]',
        '[data-field="jobType"]',
        '[data-testid="job-description"]',
        'time',
      ]) {
        const tops = await positions(page)
          .locator(selector)
          .evaluateAll((elements) => elements.map((el) => Math.round(el.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${selector} at ${tops.join(', ')}`).toBe(1);
      }
    },
  );

  test('while loading, cards of the final size hold the place: the section below does not jump', async ({
    page,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const jobs = mockJobs(tag, [{}, {}, {}, {}, {}]);
    // First visit: three cards' worth of skeleton; the board then remembers how many it showed.
    let release = await holdRoute(page, '**/api/job', (route) => route.fulfill({ json: { jobs: jobs.slice(0, 3) } }));
    await openBoard(page);
    await expect(page.getByRole('status').filter({ hasText: 'Loading positions...' })).toBeVisible();
    await expect(page.getByTestId('job-card-skeleton')).toHaveCount(3);
    const loading = await belowBoard(page);
    release();
    await expect(positions(page).getByRole('listitem')).toHaveCount(3);
    expect(Math.abs((await belowBoard(page)) - loading)).toBeLessThanOrEqual(24);

    await page.unrouteAll();
    await serveJobs(page, jobs);
    await page.reload();
    await expect(positions(page).getByRole('listitem')).toHaveCount(5);
    await page.unrouteAll();
    release = await holdRoute(page, '**/api/job', (route) => route.fulfill({ json: { jobs } }));
    await page.reload();
    await expect(page.getByTestId('job-card-skeleton')).toHaveCount(5);
    const again = await belowBoard(page);
    release();
    await expect(positions(page).getByRole('listitem')).toHaveCount(5);
    expect(Math.abs((await belowBoard(page)) - again)).toBeLessThanOrEqual(24);
  });

  test('departments that differ only in case are one filter, spelled with a capital', async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const jobs = mockJobs(tag, [
      { department: `engineering ${tag}` },
      { department: `Engineering ${tag}` },
      { department: `Design ${tag}` },
    ]);
    await serveJobs(page, jobs);
    await openBoard(page);
    const filters = page.getByRole('group', { name: 'Filter positions by department' });
    await expect(filters.getByRole('button')).toHaveText(['All', `Design ${tag}`, `Engineering ${tag}`]);
    await filters.getByRole('button', { name: `Engineering ${tag}` }).click();
    await expect(positions(page).getByRole('listitem')).toHaveCount(2);
    for (const job of jobs.slice(0, 2)) {
      await expect(cardTitle(page, job)).toBeVisible();
      await expect(card(page, job).locator('[data-field="department"] dd')).toHaveText(`Engineering ${tag}`);
    }
  });
});
