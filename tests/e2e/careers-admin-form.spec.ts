import { longDay } from '../../src/lib/calendar-day';
import { formatUtcDay } from '../../src/lib/date-time';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';
import { HOSTILE, MARKDOWN } from './careers-helpers';

/* The admin's job form, for what the careers pages show: the department list and the description's preview. */

test.describe('careers › the admin job form', () => {
  test('offers the existing departments, keeps their spelling, and previews the description as applicants see it', async ({
    loggedInPage: page,
    adminApi,
    axe,
  }) => {
    test.slow(); // axe on a shared 2-core machine
    const existing = await adminApi.createJob();
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    const form = admin.dialog;

    const department = form.getByLabel('Department');
    await expect(department).toHaveAttribute('list', 'job-departments');
    // The list fills once the vacancies have loaded: waited for, not read once.
    await expect(form.locator(`#job-departments option[value=${JSON.stringify(existing.department)}]`)).toBeAttached();
    await expect(form.getByText('Choose one from the list, or type a new one.')).toBeVisible();

    await expect(form.getByText(/Formatting: "### Heading", "- item" or "1\. item" lists/)).toBeVisible();
    const preview = form.getByTestId('job-description-preview');
    await expect(preview).toContainText('The description appears here as applicants will see it.');
    await form.getByLabel('Description').fill(MARKDOWN);
    await expect(preview.getByRole('heading', { level: 3, name: 'What you bring' })).toBeVisible();
    await expect(preview.getByRole('listitem')).toHaveText(['C and Rust', 'An RTOS you know well']);
    await expect(preview.getByRole('link', { name: 'our engineering blog' })).toHaveAttribute(
      'rel',
      'nofollow noopener',
    );
    expect(await axe('dialog')).toEqual([]);

    await form.getByLabel('Description').fill(HOSTILE);
    await expect(preview).toContainText('<script>window.pwned = 1</script>');
    await expect(preview.locator('script, img, a, [onerror], [onclick]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    // A department typed in another case joins the existing one.
    const title = `${adminApi.tag} Preview Role`;
    await form.getByLabel('Job title').fill(title);
    await department.fill(existing.department.toLowerCase());
    await form.getByLabel('Location').fill('Remote');
    await form.getByLabel('Job type').selectOption('Full-time');
    await form.getByRole('button', { name: 'Create Job' }).click();
    await expect(admin.toast('Job created successfully!')).toBeVisible();
    await expect(admin.jobCard(title).getByText(existing.department, { exact: true })).toBeVisible();
  });
});

test.describe('careers › a vacancy’s closing date', () => {
  test('set in the admin form, it shows on the admin card and the job page', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    const form = admin.dialog;
    const title = `${adminApi.tag} Closing Role`;
    await form.getByLabel('Job title').fill(title);
    await form.getByLabel('Department').fill(`${adminApi.tag} Engineering`);
    await form.getByLabel('Location').fill('Pune, India');
    await form.getByLabel('Job type').selectOption('Full-time');
    await form.getByLabel('Description').fill('Bring up boards and their drivers.');
    await expect(form.getByText('Optional. The vacancy closes by itself at the end of this day (UTC).')).toBeVisible();
    await form.getByLabel('Closing date').fill(closesAt);
    await form.getByRole('button', { name: 'Create Job' }).click();
    await expect(admin.toast('Job created successfully!')).toBeVisible();
    await expect(admin.jobCard(title).getByText(`Closes on ${formatUtcDay(closesAt)}`)).toBeVisible();

    const listed = (await (await page.request.get('/api/job')).json()) as { jobs: { id: number; title: string }[] };
    const job = listed.jobs.find((j) => j.title === title);
    expect(job).toBeDefined();
    await page.goto(`/career/jobs/${job!.id}`);
    await expect(page.getByRole('main').getByText(`Closes on ${longDay(new Date(closesAt))}`)).toBeVisible();
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const postings = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(postings.find((data) => data['@type'] === 'JobPosting')).toMatchObject({
      validThrough: `${closesAt}T23:59:59.999Z`,
    });
  });
});
