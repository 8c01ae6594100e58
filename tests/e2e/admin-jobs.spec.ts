import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';
import { holdRoute } from './held-route';

const CONFIRM_DELETE = 'Are you sure you want to delete this job posting?';

test.describe('admin vacancies', () => {
  test('creates a job through the form, shows it as an Active card with every fact', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    const form = admin.dialog;
    await expect(form.getByRole('heading', { name: 'Add New Job Vacancy' })).toBeVisible();

    const title = `${adminApi.tag} Firmware Lead`;
    await form.getByLabel('Job title').fill(title);
    await form.getByLabel('Department').fill('Embedded Systems');
    await form.getByLabel('Location').fill('Remote, India');
    await form.getByLabel('Job type').selectOption('Internship with Full-Time Opportunity');
    await form.getByLabel('Salary range').fill('₹20–28 LPA');
    await form
      .getByLabel('Description')
      .fill('Own the RTOS port.\nLead two engineers.\nShip the IIS reference board.\nFourth line only when expanded.');
    await form.getByRole('button', { name: 'Create Job' }).click();

    await expect(admin.toast('Job created successfully!')).toBeVisible();
    await expect(form).toBeHidden();
    const card = admin.jobCard(title);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    for (const fact of ['Remote, India', 'Internship with Full-Time Opportunity', 'Embedded Systems', '₹20–28 LPA']) {
      await expect(card.getByText(fact, { exact: true })).toBeVisible();
    }
    const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
      new Date(),
    );
    await expect(card.getByText(today)).toBeVisible();

    // Expand/Collapse of the full description.
    const expand = card.getByRole('button', { name: /^Expand/ });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(card.getByRole('button', { name: /^Collapse/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByText(/Fourth line only when expanded\./)).toBeVisible();

    // Cleanup: the job is deleted with the rest of this test's data.
    const created = (await (await page.request.get('/api/job')).json()) as { jobs: { id: number; title: string }[] };
    const id = created.jobs.find((j) => j.title === title)?.id;
    expect(id).toBeDefined();
    await page.request.delete(`/api/job/${id}`, { headers: { Authorization: `Bearer ${adminApi.token}` } });
  });

  test(
    'a job without salary and with a short description shows neither a salary line nor Expand',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob({ salaryRange: '', description: 'Ship the IIS reference board.' });
      const admin = new AdminPage(page);
      await admin.goto('Job Vacancies');
      const card = admin.jobCard(job.title);
      await expect(card.getByText('Ship the IIS reference board.')).toBeVisible();
      await expect(card.getByText('Salary')).toHaveCount(0);
      await expect(card.getByRole('button', { name: /^Expand/ })).toHaveCount(0);
    },
  );

  test(
    'edits a job in the prefilled Edit Job Vacancy form',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob({ salaryRange: '₹10 LPA', jobType: 'Contract' });
      const admin = new AdminPage(page);
      await admin.goto('Job Vacancies');
      await admin.jobCard(job.title).getByRole('button', { name: /^Edit/ }).click();
      const form = admin.dialog;
      await expect(form.getByRole('heading', { name: 'Edit Job Vacancy' })).toBeVisible();
      await expect(form.getByLabel('Job title')).toHaveValue(job.title);
      await expect(form.getByLabel('Department')).toHaveValue(job.department);
      await expect(form.getByLabel('Location')).toHaveValue(job.location);
      await expect(form.getByLabel('Job type')).toHaveValue('Contract');
      await expect(form.getByLabel('Salary range')).toHaveValue('₹10 LPA');
      await expect(form.getByLabel('Description')).toHaveValue(job.description);

      const renamed = `${job.title} Senior`;
      await form.getByLabel('Job title').fill(renamed);
      await form.getByRole('button', { name: 'Update Job' }).click();
      await expect(admin.toast('Job updated successfully!')).toBeVisible();
      await expect(admin.jobCard(renamed)).toBeVisible();
      await expect(admin.jobCard(job.title)).toHaveCount(0);
    },
  );

  test('deletes a job only after confirmation', { tag: '@once' }, async ({ loggedInPage: page, adminApi }) => {
    const job = await adminApi.createJob();
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const card = admin.jobCard(job.title);

    await card.getByRole('button', { name: /^Delete/ }).click();
    await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /^Delete/ }).click();
    await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
    await expect(admin.toast('Job deleted successfully!')).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test(
    'the form requires title, department, location, job type and description, and sends nothing without them',
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      let posted = false;
      await page.route('**/api/job', (route) => {
        if (route.request().method() === 'POST') posted = true;
        return route.continue();
      });
      const admin = new AdminPage(page);
      await admin.goto('Job Vacancies');
      await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
      const form = admin.dialog;
      for (const label of ['Job title', 'Department', 'Location', 'Job type', 'Description']) {
        await expect(form.getByLabel(label)).toHaveAttribute('required', '');
      }
      await expect(form.getByLabel('Salary range')).not.toHaveAttribute('required', '');
      await form.getByRole('button', { name: 'Create Job' }).click();
      for (const message of [
        'Title is required',
        'Department is required',
        'Location is required',
        'Job type is required',
        'Description is required',
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel('Job title')).toHaveAttribute('aria-invalid', 'true');
      expect(posted).toBe(false);
      // Escape closes the form.
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
    },
  );

  const saveFailures = [
    {
      name: "the server's message",
      answer: {
        status: 400,
        json: {
          message: 'Title must not exceed 200 characters',
          errors: { title: 'Title must not exceed 200 characters' },
        },
      },
      toast: 'Title must not exceed 200 characters',
    },
    {
      name: "'Failed to save job' without a message",
      answer: { status: 500, body: 'upstream broke' },
      toast: 'Failed to save job',
    },
    {
      name: "'Server error. Please try again.' when the network fails",
      answer: null,
      toast: 'Server error. Please try again.',
    },
  ] as const;

  for (const failure of saveFailures) {
    test(
      `a failed save shows ${failure.name} and keeps the form open`,
      { tag: '@once' },
      async ({ loggedInPage: page, adminApi }) => {
        const job = await adminApi.createJob();
        await page.route(`**/api/job/${job.id}`, (route) =>
          route.request().method() !== 'PUT'
            ? route.continue()
            : failure.answer
              ? route.fulfill(failure.answer)
              : route.abort('internetdisconnected'),
        );
        const admin = new AdminPage(page);
        await admin.goto('Job Vacancies');
        await admin.jobCard(job.title).getByRole('button', { name: /^Edit/ }).click();
        await admin.dialog.getByRole('button', { name: 'Update Job' }).click();
        await expect(admin.toast(failure.toast, 'error')).toBeVisible();
        await expect(admin.dialog).toBeVisible();
        if (failure.answer?.status === 400)
          await expect(admin.dialog.getByText(failure.toast, { exact: true }).first()).toBeVisible();
      },
    );
  }

  const deleteFailures = [
    {
      name: "the server's message",
      answer: { status: 404, json: { message: 'Job not found' } },
      toast: 'Job not found',
    },
    {
      name: "'Failed to delete job' without a message",
      answer: { status: 502, body: '<html>bad gateway</html>' },
      toast: 'Failed to delete job',
    },
  ] as const;

  for (const failure of deleteFailures) {
    test(`a failed delete shows ${failure.name}`, { tag: '@once' }, async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      await page.route(`**/api/job/${job.id}`, (route) =>
        route.request().method() === 'DELETE' ? route.fulfill(failure.answer) : route.continue(),
      );
      const admin = new AdminPage(page);
      await admin.goto('Job Vacancies');
      await admin
        .jobCard(job.title)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.toast(failure.toast, 'error')).toBeVisible();
      await expect(admin.jobCard(job.title)).toBeVisible();
    });
  }

  test(
    "list states: 'Loading jobs...', 'No job vacancies posted yet', 'Failed to fetch jobs'",
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      const admin = new AdminPage(page);
      // The list answers only once the loading state has been seen.
      const release = await holdRoute(page, '**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
      await admin.goto('Job Vacancies');
      await expect(page.getByText('Loading jobs...')).toBeVisible();
      release();
      await expect(page.getByText('No job vacancies posted yet')).toBeVisible();
      await expect(admin.tab('Job Vacancies')).toHaveText('Job Vacancies (0)');

      await page.unroute('**/api/job');
      await page.route('**/api/job', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch jobs' })).toBeVisible({
        timeout: 15_000,
      });
    },
  );

  test('vacancies tab and job form: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    await adminApi.createJob({ salaryRange: '₹12 LPA' });
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    expect(await axe('main')).toEqual([]);
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    await admin.dialog.getByRole('button', { name: 'Create Job' }).click();
    await expect(admin.dialog.getByText('Title is required')).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
  });
});
