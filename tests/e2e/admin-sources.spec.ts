import type { APIRequestContext } from '@playwright/test';
import { jobPath } from '../../src/lib/job-posting';
import { RETENTION_DEFAULT_DAYS } from '../../src/lib/privacy';
import { sourcesMessages } from '../../src/lib/sources';
import { adminTest as test, expect } from './admin-fixtures';
import { applicant, cardTitle, fillForm, jobDialog, jobInput, SUCCESS, uniqueTag } from './careers-helpers';

/** A person's browser, as the view counter sees it (automated agents are left out). */
const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Counts a view of `jobId`'s page from `source` by a person on a network of their own (a view counts once per network and hour). */
async function viewFrom(request: APIRequestContext, jobId: number, source: string, person: number) {
  const response = await request.post(`/api/job/${jobId}/view`, {
    data: { source },
    headers: { 'User-Agent': BROWSER_UA, 'X-Forwarded-For': `198.51.100.${person}` },
  });
  expect(response.status()).toBe(204);
}

test.describe('sources › a job link’s source reaches the application', () => {
  test(
    'from the board: /career?source=linkedin, a job opened in its modal',
    { tag: '@once' },
    async ({ page, createJob, listApplicants }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      await page.goto('/career?source=linkedin');
      const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/job/${job.id}/view`));
      await cardTitle(page, job).click();
      expect((await viewed).status()).toBe(204);
      const dialog = jobDialog(page, job);
      await dialog.getByRole('button', { name: 'Apply Now' }).click();
      const values = applicant(tag);
      await fillForm(dialog, values);
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
      expect((await listApplicants()).find((a) => a.email === values.email)?.source).toBe('linkedin');
    },
  );

  test(
    'from the job page: ?utm_source=uni-board',
    { tag: '@once' },
    async ({ page, createJob, listApplicants }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/job/${job.id}/view`));
      await page.goto(`${jobPath(job)}?utm_source=uni-board`);
      expect((await viewed).status()).toBe(204);
      await page.getByRole('button', { name: 'Apply Now' }).click();
      const form = page.getByRole('region', { name: 'Application Form' });
      const values = applicant(tag);
      await fillForm(form, values);
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByText(`Your application for ${job.title} has been received.`)).toBeVisible();
      expect((await listApplicants()).find((a) => a.email === values.email)?.source).toBe('uni-board');
    },
  );
});

test.describe('sources › the Sources tab', () => {
  test('shows views, applications, those who reached screening (hired since) and their rates by source and week; axe finds nothing', async ({
    loggedInPage: page,
    adminApi,
    request,
    axe,
  }) => {
    const job = await adminApi.createJob();
    for (const [person, source] of ['linkedin', 'linkedin', 'uni-board', 'uni-board'].entries()) {
      await viewFrom(request, job.id, source, person + 1);
    }
    const fromLinkedin = await adminApi.seedApplicant({ job, source: 'linkedin' });
    await adminApi.seedApplicant({ job, source: 'uni-board' });
    for (const stage of ['shortlisted', 'interview', 'offer', 'hired'] as const)
      await adminApi.setStatus(fromLinkedin.id, stage);

    await page.goto('/admin#sources');
    const panel = page.getByRole('tabpanel', { name: 'Sources' });
    await panel.getByLabel('Vacancy').selectOption({ label: job.title });
    const bySource = panel.getByRole('table', { name: 'By source' });
    await expect(bySource.getByRole('columnheader')).toHaveText([
      'Source',
      'Views',
      'Applications',
      'Applied per view',
      'Shortlisted',
      'Shortlisted per application',
    ]);
    const row = (table: typeof bySource, name: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row(bySource, 'LinkedIn').getByRole('cell')).toHaveText(['2', '1', '50%', '1', '100%']);
    await expect(row(bySource, 'uni-board').getByRole('cell')).toHaveText(['2', '1', '50%', '0', '0%']);
    await expect(row(bySource, 'Total').getByRole('cell')).toHaveText(['4', '2', '50%', '1', '50%']);
    // The current week comes first.
    const byWeek = panel.getByRole('table', { name: 'By week' });
    await expect(byWeek.getByRole('row').nth(1).getByRole('cell')).toHaveText(['4', '2', '50%', '1', '50%']);
    await expect(panel.getByText(sourcesMessages.reachedScreening)).toBeVisible();

    expect(await axe('#panel-sources')).toEqual([]);

    // The applicant's card says where they came from.
    await page.getByRole('tab', { name: /^Applicants/ }).click();
    const card = page.getByRole('article', { name: fromLinkedin.name });
    await expect(card.getByRole('definition').filter({ hasText: /^LinkedIn$/ })).toBeVisible();
    // Hired has its limit too: the card gives the day it is erased.
    const hired = (await adminApi.applicants()).find((a) => a.id === fromLinkedin.id)!;
    const eraseOn = new Date(Date.parse(hired.statusChangedAt) + RETENTION_DEFAULT_DAYS.hired * 86_400_000);
    await expect(card.locator(`time[datetime="${eraseOn.toISOString()}"]`)).toBeVisible();
  });

  test('on a phone the table says it scrolls sideways, and does; on a wide screen it fits', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    await adminApi.seedApplicant({ job, source: 'linkedin' });
    await page.goto('/admin#sources');
    const panel = page.getByRole('tabpanel', { name: 'Sources' });
    await panel.getByLabel('Vacancy').selectOption({ label: job.title });
    const region = panel.getByRole('region', { name: 'By source' });
    await expect(region.getByRole('rowheader', { name: 'LinkedIn', exact: true })).toBeVisible();
    const hint = region.locator('xpath=following-sibling::p[1]');
    const scrolls = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
    if ((page.viewportSize()?.width ?? 0) < 640) {
      await expect(hint).toHaveText('Scroll the table sideways for the rates and the shortlisted →');
      expect(scrolls).toBe(true);
    } else {
      await expect(hint).toBeHidden();
      expect(scrolls).toBe(false);
    }
  });

  test('adds the sources past its page into an other row, and pages through them', async ({
    loggedInPage: page,
    adminApi,
    request,
  }) => {
    const job = await adminApi.createJob();
    // 22 boards on one day: past the day's 20 sources, the last two count as other.
    for (let person = 1; person <= 22; person += 1) {
      await viewFrom(request, job.id, `board-${String(person).padStart(2, '0')}`, person);
    }
    await adminApi.seedApplicant({ job, source: 'careers-fair' });

    await page.goto('/admin#sources');
    const panel = page.getByRole('tabpanel', { name: 'Sources' });
    await panel.getByLabel('Vacancy').selectOption({ label: job.title });
    const bySource = panel.getByRole('table', { name: 'By source' });
    const row = (name: string) =>
      bySource.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    // The application ranks careers-fair first; board-01 to board-19 fill the page, board-20 joins other.
    await expect(row('careers-fair').getByRole('cell')).toHaveText(['0', '1', '–', '0', '0%']);
    await expect(row('board-19')).toBeVisible();
    await expect(row('other').getByRole('cell')).toHaveText(['3', '0', '0%', '0', '–']);
    await expect(row('Total').getByRole('cell')).toHaveText(['22', '1', '4.5%', '0', '0%']);

    const pages = panel.getByRole('navigation', { name: 'Pages of sources' });
    await expect(pages.getByRole('button', { name: 'Previous sources' })).toBeDisabled();
    await pages.getByRole('button', { name: 'More sources' }).click();
    await expect(pages.getByText('Page 2')).toBeVisible();
    await expect(row('board-20').getByRole('cell')).toHaveText(['1', '0', '0%', '0', '–']);
    // On every page the rows and other add up to the total.
    await expect(row('other').getByRole('cell')).toHaveText(['21', '1', '4.8%', '0', '0%']);
    await expect(pages.getByRole('button', { name: 'More sources' })).toBeDisabled();
  });
});
