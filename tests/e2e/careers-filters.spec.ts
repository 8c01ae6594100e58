import type { Page } from '@playwright/test';
import type { Job } from '../../src/lib/schemas';
import { apiTest as test, expect } from './fixtures';
import { cardTitle, jobInput, openBoard, positions, uniqueTag } from './careers-helpers';

/* The board's keyword, location and job type filters, in the address; the list first; the list without JavaScript. */

const filterBox = (page: Page) => page.getByRole('search', { name: 'Filter positions' });
const rolesCount = (page: Page) => page.getByText(/^\d+ (of \d+ )?roles?$/);

test.describe('careers › filters', () => {
  test('a shared link filters by keyword and location; the count follows and clear-all shows every role', async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const pune = `Pune ${tag}`;
    const firmware = await createJob(jobInput(tag, { title: `Firmware Lead ${tag}`, location: pune }));
    const driver = await createJob(
      jobInput(tag, {
        title: `Driver Engineer ${tag}`,
        location: pune,
        description: `Write modem drivers. Keyword ${tag}-zephyr appears only here.`,
      }),
    );
    const remote = await createJob(jobInput(tag, { title: `Vision Researcher ${tag}`, location: `Remote ${tag}` }));

    await openBoard(page, `/career?${new URLSearchParams({ q: tag, location: pune })}`);
    await expect(cardTitle(page, firmware)).toBeVisible();
    await expect(cardTitle(page, driver)).toBeVisible();
    await expect(cardTitle(page, remote)).toHaveCount(0);
    await expect(filterBox(page).getByLabel('Keyword')).toHaveValue(tag);
    await expect(filterBox(page).getByLabel('Location')).toHaveValue(pune);
    await expect(rolesCount(page)).toHaveText(/^2 of \d+ roles$/);

    // The description counts: a word only the driver role's text has leaves that role alone.
    await filterBox(page).getByLabel('Keyword').fill(`${tag}-zephyr`);
    await expect(positions(page).getByRole('listitem')).toHaveCount(1);
    await expect(cardTitle(page, driver)).toBeVisible();
    await expect(rolesCount(page)).toHaveText(/^1 of \d+ roles$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`${tag}-zephyr`);

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(cardTitle(page, remote)).toBeVisible();
    await expect(rolesCount(page)).toHaveText(/^\d+ roles$/);
    await expect(filterBox(page).getByLabel('Keyword')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear all filters' })).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
  });

  test('filters by job type, and says so when nothing matches', async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const contract = await createJob(jobInput(tag, { title: `Contract Designer ${tag}`, jobType: 'Contract' }));
    const fullTime = await createJob(jobInput(tag, { title: `Staff Engineer ${tag}` }));
    await openBoard(page, `/career?q=${encodeURIComponent(tag)}`);
    await expect(cardTitle(page, fullTime)).toBeVisible();
    await filterBox(page).getByLabel('Job type').selectOption('Contract');
    await expect(cardTitle(page, contract)).toBeVisible();
    await expect(cardTitle(page, fullTime)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('type')).toBe('Contract');
    await filterBox(page).getByLabel('Job type').selectOption('Internship');
    await expect(page.getByText('No positions match these filters.', { exact: false })).toBeVisible();
  });

  test('the first job card is within the first screen', async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo);
    // A board of a usual size: five roles in four departments (the shared test database has many more).
    const departments = ['Embedded Software', 'Machine Learning', 'Product Design', 'Customer Engineering'];
    const jobs = Array.from({ length: 5 }, (_, i) => ({
      id: 910_000 + i,
      ...jobInput(tag, { title: `Role ${i + 1} ${tag}`, department: departments[i % departments.length]! }),
      created_at: new Date().toISOString(),
    })) as Job[];
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs } }));
    await openBoard(page);
    const first = positions(page).getByRole('listitem').first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    // Its title at least is on the first screen, without scrolling.
    expect(box && box.y + 60 < height, `first card at ${box?.y} of ${height}`).toBe(true);
    await expect(page.getByRole('heading', { name: /^Why work at/ })).toBeVisible();
  });

  test('without JavaScript the board links to a server-rendered list of the open positions', async ({
    browser,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag, { title: `Plain List Engineer ${tag}` }));
    const other = await createJob(jobInput(tag, { title: `Other Role ${tag}`, location: `Elsewhere ${tag}` }));
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL('/career', testInfo.project.use.baseURL).href);
    await expect(page.getByText('Loading positions...')).toBeHidden();
    await page.getByRole('link', { name: 'See every open position as a plain list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All open positions' })).toBeVisible();
    await expect(page.getByRole('link', { name: job.title })).toBeVisible();

    // The same filters as the board, sent as a form.
    await page.getByLabel('Keyword').fill(tag);
    await page.getByLabel('Location').selectOption('Bengaluru, India');
    await page.getByRole('button', { name: 'Show positions' }).click();
    await expect(page.getByRole('link', { name: other.title })).toHaveCount(0);
    await expect(page.getByText(/^1 of \d+ roles$/)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('q')).toBe(tag);

    await page.getByRole('link', { name: job.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
    await context.close();
  });

  test('the filtered board and the plain list have no axe violations', async ({ page, createJob, axe }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    await openBoard(page, `/career?q=${encodeURIComponent(tag)}`);
    await expect(cardTitle(page, job)).toBeVisible();
    expect(await axe('main')).toEqual([]);
    await page.goto(`/career/jobs/?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('link', { name: job.title })).toBeVisible();
    expect(await axe('main')).toEqual([]);
  });
});
