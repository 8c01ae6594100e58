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
