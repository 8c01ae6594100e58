import { formatDate } from '../../src/lib/date-time';
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
    await expect(card.getByText(formatDate(new Date().toISOString()))).toBeVisible();

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
    const applicant = await adminApi.seedApplicant({ job });
    await adminApi.seedApplicant({ job });
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const card = admin.jobCard(job.title);
    // The count the confirmation repeats is on the card once the applicants have loaded.
    await expect(card.getByText(/^2 applicants ·/)).toBeVisible();

    await card.getByRole('button', { name: /^Delete/ }).click();
    // The confirmation says what stays: the vacancy's applicants.
    await expect(admin.confirmDialog).toContainText('Its 2 applicants stay in the Applicants tab.');
    await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: /^Delete/ }).click();
    await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
    await expect(admin.toast('Job deleted successfully!')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await adminApi.applicants()).some((a) => a.id === applicant.id)).toBe(true);
  });

  test('while the applicants are still being counted, the delete confirmation claims no number', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    await adminApi.seedApplicant({ job });
    const release = await holdRoute(page, '**/api/applicants');
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const card = admin.jobCard(job.title);
    await expect(card.getByText('Counting applicants...')).toBeVisible();

    await card.getByRole('button', { name: /^Delete/ }).click();
    await expect(admin.confirmDialog).toContainText('Its applicants, if any, stay in the Applicants tab.');
    await expect(admin.confirmDialog).not.toContainText('It has no applicants.');
    await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
    release();
    await expect(card.getByText(/^1 applicant ·/)).toBeVisible();
  });

  test('closes a vacancy after confirmation and reopens it; closed, it leaves the board and refuses applications', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const card = admin.jobCard(job.title);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText(/^1 applicant ·/)).toBeVisible();

    await card.getByRole('button', { name: `Close ${job.title}` }).click();
    await expect(admin.confirmDialog).toContainText('Its 1 applicant stays in the Applicants tab.');
    await admin.answerConfirm('Close this job posting?', 'Cancel');
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText(/^1 applicant ·/)).toBeVisible();

    await card.getByRole('button', { name: `Close ${job.title}` }).click();
    await admin.answerConfirm('Close this job posting?', 'Close');
    await expect(admin.toast('Job closed successfully!')).toBeVisible();
    await expect(card.getByText(/^Closed/)).toBeVisible();
    await expect(card.getByRole('button', { name: `Reopen ${job.title}` })).toBeVisible();

    const board = (await (await page.request.get('/api/job')).json()) as { jobs: { id: number }[] };
    expect(board.jobs.some((j) => j.id === job.id)).toBe(false);
    expect((await page.request.get(`/career/jobs/${job.id}`, { maxRedirects: 0 })).status()).toBe(410);
    await expect(adminApi.seedApplicant({ job })).rejects.toThrow(
      /answered 409: .*This vacancy is closed and no longer accepts applications/,
    );
    // Its applicants stay.
    expect((await adminApi.applicants()).some((a) => a.id === applicant.id)).toBe(true);
    await expect(card.getByText(/^1 applicant/)).toBeVisible();

    await card.getByRole('button', { name: `Reopen ${job.title}` }).click();
    await expect(admin.toast('Job reopened successfully!')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    const reopened = (await (await page.request.get('/api/job')).json()) as { jobs: { id: number }[] };
    expect(reopened.jobs.some((j) => j.id === job.id)).toBe(true);
  });

  test("shows each vacancy's applicants by status and links to them, filtered", async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const tag = adminApi.tag;
    const job = await adminApi.createJob();
    const other = await adminApi.createJob();
    const [ada, grace] = [
      await adminApi.seedApplicant({ job, name: `${tag} Ada Lovelace` }),
      await adminApi.seedApplicant({ job, name: `${tag} Grace Hopper` }),
    ];
    await adminApi.seedApplicant({ job: other, name: `${tag} Alan Turing` });
    await adminApi.setStatus(grace.id, 'shortlisted');
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const card = admin.jobCard(job.title);
    await expect(card.getByText('2 applicants · 1 pending · 1 shortlisted', { exact: true })).toBeVisible();
    await expect(admin.jobCard(other.title).getByText('1 applicant · 1 pending', { exact: true })).toBeVisible();

    await card.getByRole('link', { name: `View applicants for ${job.title}` }).click();
    await expect(admin.tab('Applicants')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('combobox', { name: 'Filter by job' })).toHaveValue(String(job.id));
    const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('article');
    await expect(cards.filter({ hasText: tag })).toHaveText([new RegExp(grace.name), new RegExp(ada.name)]);
    // The URL does not keep the filter: a reload shows every applicant again.
    await expect(page).toHaveURL(/\/admin#applicants$/);

    // The link also works as a plain URL (opened in a new tab, say).
    await page.goto(`/admin?job=${other.id}#applicants`);
    await expect(page.getByRole('combobox', { name: 'Filter by job' })).toHaveValue(String(other.id));
    await expect(cards.filter({ hasText: tag })).toHaveText([/Alan Turing/]);
  });

  test('with pay transparency on, the form marks the salary range required and says what it needs', async ({
    loggedInPage: page,
  }) => {
    // The e2e server runs without PAY_RANGE_REQUIRED; its vacancy list answers as one with it would.
    await page.route('**/api/job/all', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), payRangeRequired: true } });
    });
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    const salary = admin.dialog.getByLabel('Salary range');
    await expect(salary).toHaveAttribute('required', '');
    await expect(salary).toHaveAccessibleDescription('Required while the vacancy is open: a currency and an amount.');
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
      // The dashboard lists every vacancy, open and closed, from /api/job/all.
      const release = await holdRoute(page, '**/api/job/all', (route) => route.fulfill({ json: { jobs: [] } }));
      await admin.goto('Job Vacancies');
      await expect(page.getByText('Loading jobs...')).toBeVisible();
      release();
      await expect(page.getByText('No job vacancies posted yet')).toBeVisible();
      await expect(admin.tab('Job Vacancies')).toHaveText('Job Vacancies (0)');

      await page.unroute('**/api/job/all');
      await page.route('**/api/job/all', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch jobs' })).toBeVisible({
        timeout: 15_000,
      });
    },
  );

  test('vacancies tab and job form: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    const job = await adminApi.createJob({ salaryRange: '₹12 LPA' });
    await adminApi.seedApplicant({ job });
    const closed = await adminApi.createJob();
    await page.request.put(`/api/job/${closed.id}/status`, {
      headers: { Authorization: `Bearer ${adminApi.token}` },
      data: { status: 'closed' },
    });
    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    expect(await axe('main')).toEqual([]);
    await page.getByRole('button', { name: 'Add New Job Vacancy' }).click();
    await admin.dialog.getByRole('button', { name: 'Create Job' }).click();
    await expect(admin.dialog.getByText('Title is required')).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
  });
});
