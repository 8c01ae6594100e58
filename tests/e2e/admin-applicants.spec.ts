import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Applicant } from '../../src/lib/schemas';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';
import { holdRoute } from './held-route';

const CONFIRM_DELETE = 'Are you sure you want to delete this applicant?';

/**
 * Desktop and mobile share one database and run in parallel: the dashboard is shown only this
 * test's applicants (names start with its unique tag). The data is the real server's answer.
 */
async function showOnly(page: Page, tag: string): Promise<void> {
  await page.route('**/api/applicants', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { applicants: Applicant[] };
    await route.fulfill({ response, json: { applicants: body.applicants.filter((a) => a.name.startsWith(tag)) } });
  });
}

async function openApplicants(page: Page, tag: string): Promise<AdminPage> {
  await showOnly(page, tag);
  const admin = new AdminPage(page);
  await admin.goto('Applicants');
  return admin;
}

const actionButtons = /^(Shortlist|Reject|Undo Shortlist|Undo Rejection)$/;

test.describe('admin applicants', () => {
  test(
    'offers exactly the status actions the status table allows, through every transition',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);
      const card = admin.applicantCard(applicant.name);
      const actions = card.getByRole('button', { name: actionButtons });
      const badge = card.getByText(/^(Status: )?(Pending|Shortlisted|Rejected)$/);

      await expect(badge).toHaveText(/Pending$/);
      await expect(actions).toHaveText(['Shortlist', 'Reject']);

      await card.getByRole('button', { name: 'Shortlist', exact: true }).click();
      await expect(admin.toast('Applicant shortlisted successfully!')).toBeVisible();
      await expect(badge).toHaveText(/Shortlisted$/);
      await expect(actions).toHaveText(['Undo Shortlist']);

      await card.getByRole('button', { name: 'Undo Shortlist' }).click();
      await expect(admin.toast('Applicant reverted to pending successfully!')).toBeVisible();
      await expect(badge).toHaveText(/Pending$/);

      await card.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(admin.toast('Applicant rejected successfully!')).toBeVisible();
      await expect(badge).toHaveText(/Rejected$/);
      await expect(actions).toHaveText(['Undo Rejection']);

      await card.getByRole('button', { name: 'Undo Rejection' }).click();
      await expect(badge).toHaveText(/Pending$/);
      await expect(actions).toHaveText(['Shortlist', 'Reject']);
      expect((await adminApi.applicants()).find((a) => a.id === applicant.id)?.status).toBe('pending');
    },
  );

  test(
    "a refused status change shows 'Failed to update status' and keeps the status",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*/status', (route) =>
        route.fulfill({ status: 409, json: { message: 'Cannot change status from rejected to shortlisted' } }),
      );
      const admin = await openApplicants(page, adminApi.tag);
      const card = admin.applicantCard(applicant.name);
      await card.getByRole('button', { name: 'Shortlist', exact: true }).click();
      await expect(admin.toast('Failed to update status', 'error')).toBeVisible();
      await expect(card.getByText(/^(Status: )?Pending$/)).toBeVisible();
    },
  );

  test(
    'counters, case-insensitive search by name, email or job title, and both filters combined',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const tag = adminApi.tag;
      const rover = await adminApi.createJob({ title: `${tag} Rover Firmware Engineer` });
      const vision = await adminApi.createJob({ title: `${tag} Vision Researcher` });
      const ada = await adminApi.seedApplicant({
        job: rover,
        name: `${tag} Ada Lovelace`,
        email: `${tag.toLowerCase()}.ada@example.org`,
      });
      const grace = await adminApi.seedApplicant({ job: rover, name: `${tag} Grace Hopper` });
      const alan = await adminApi.seedApplicant({ job: vision, name: `${tag} Alan Turing` });
      const edsger = await adminApi.seedApplicant({ job: vision, name: `${tag} Edsger Dijkstra` });
      await adminApi.setStatus(grace.id, 'shortlisted');
      await adminApi.setStatus(alan.id, 'rejected');

      const admin = await openApplicants(page, tag);
      await expect(admin.tab('Applicants')).toHaveText('Applicants (4)');
      await expect(admin.counter('Total Applications')).toHaveText('4');
      await expect(admin.counter('Pending')).toHaveText('2');
      await expect(admin.counter('Shortlisted')).toHaveText('1');
      await expect(admin.counter('Rejected')).toHaveText('1');
      await expect(
        page.getByText('4 applications in the last 12 weeks. This week: 4, up from 0 last week.', { exact: false }),
      ).toBeVisible();

      const cards = page.getByRole('list', { name: 'Applicants' }).getByRole('article');
      const names = (...people: { name: string }[]) => people.map((p) => new RegExp(p.name));

      await admin.search('ada LOVELACE');
      await expect(cards).toHaveText(names(ada));
      await admin.search(`${tag.toUpperCase()}.ADA@EXAMPLE`);
      await expect(cards).toHaveText(names(ada));
      await admin.search('vision researcher');
      await expect(cards).toHaveText(names(edsger, alan));
      await expect(page.getByText('Showing 2 of 4 applicants')).toBeVisible();

      await admin.search('');
      await admin.filterStatus('Pending');
      await expect(cards).toHaveText(names(edsger, ada));
      await admin.filterJob(rover.title);
      await expect(cards).toHaveText(names(ada));
      await admin.filterStatus('Rejected');
      await expect(page.getByText('No applicants found')).toBeVisible();
      await admin.filterJob(vision.title);
      await expect(cards).toHaveText(names(alan));
      await admin.search('grace');
      await expect(page.getByText('No applicants found')).toBeVisible();
      await admin.filterStatus('All Status');
      await admin.filterJob('All Jobs');
      await expect(cards).toHaveText(names(grace));
    },
  );

  test('the detail dialog shows every field, keeps the cover letter as text and updates its status live', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob({ department: `${adminApi.tag} Robotics` });
    const coverLetter =
      'Dear team,\n<script>window.__pwned = true</script>\n<b>not bold</b>\n\nI ported YOLO to INT8 on three edge modules.';
    const applicant = await adminApi.seedApplicant({ job, linkedin: 'linkedin.com/in/ada-lovelace', coverLetter });
    const admin = await openApplicants(page, adminApi.tag);
    await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();

    const dialog = admin.dialog;
    await expect(dialog.getByRole('heading', { name: applicant.name, level: 2 })).toBeVisible();
    await expect(dialog.getByText(job.title).first()).toBeVisible();
    await expect(dialog.getByRole('link', { name: applicant.email })).toHaveAttribute(
      'href',
      `mailto:${applicant.email}`,
    );
    await expect(dialog.getByRole('link', { name: applicant.phone })).toHaveAttribute('href', 'tel:+919876543210');
    const profile = dialog.getByRole('link', { name: /^View Profile/ });
    await expect(profile).toHaveAttribute('href', 'https://linkedin.com/in/ada-lovelace');
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(new Date(applicant.appliedAt));
    await expect(dialog.getByText(new RegExp(`^${longDate} at `))).toBeVisible();
    await expect(dialog.getByText(`${adminApi.tag} Robotics`)).toBeVisible();

    const letter = dialog.getByText(/^Dear team,/);
    expect(await letter.innerText()).toBe(coverLetter);
    await expect(dialog.locator('script, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // Scrolls within 90vh.
    const maxHeight = await dialog.evaluate((el) => getComputedStyle(el).maxHeight);
    expect(parseFloat(maxHeight)).toBeCloseTo((page.viewportSize()?.height ?? 0) * 0.9, 0);

    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(admin.toast('Applicant rejected successfully!')).toBeVisible();
    await expect(dialog.getByText(/^(Status: )?Rejected$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: actionButtons })).toHaveText(['Undo Rejection']);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(admin.applicantCard(applicant.name).getByText(/^(Status: )?Rejected$/)).toBeVisible();
  });

  test(
    'downloads the resume byte for byte as {name}_Resume.pdf, from the card and from the dialog',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);

      const fromCard = page.waitForEvent('download');
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Resume/ })
        .click();
      const cardDownload = await fromCard;
      expect(cardDownload.suggestedFilename()).toBe(`${applicant.name}_Resume.pdf`);
      expect((await readFile(await cardDownload.path())).equals(applicant.resumeBytes)).toBe(true);

      await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
      const fromDialog = page.waitForEvent('download');
      await admin.dialog.getByRole('button', { name: 'Download Resume' }).click();
      const dialogDownload = await fromDialog;
      expect(dialogDownload.suggestedFilename()).toBe(`${applicant.name}_Resume.pdf`);
      expect((await readFile(await dialogDownload.path())).equals(applicant.resumeBytes)).toBe(true);
    },
  );

  test(
    "a failed download shows 'Failed to download resume'",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*/download', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      const admin = await openApplicants(page, adminApi.tag);
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Resume/ })
        .click();
      await expect(admin.toast('Failed to download resume', 'error')).toBeVisible();
    },
  );

  test(
    'deletes an applicant only after confirmation, from the card and from the dialog',
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const first = await adminApi.seedApplicant({ job });
      const second = await adminApi.seedApplicant({ job });
      const admin = await openApplicants(page, adminApi.tag);

      const card = admin.applicantCard(first.name);
      await card.getByRole('button', { name: /^Delete/ }).click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Cancel');
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /^Delete/ }).click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.toast('Applicant deleted successfully')).toBeVisible();
      await expect(card).toHaveCount(0);

      await admin.applicantCard(second.name).getByRole('button', { name: /^View/ }).click();
      await admin.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.dialog).toBeHidden();
      await expect(admin.applicantCard(second.name)).toHaveCount(0);
      expect((await adminApi.applicants()).some((a) => a.id === first.id || a.id === second.id)).toBe(false);
    },
  );

  test(
    "a failed delete shows 'Failed to delete applicant' and keeps the card",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      const job = await adminApi.createJob();
      const applicant = await adminApi.seedApplicant({ job });
      await page.route('**/api/applicants/*', (route) =>
        route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
      );
      const admin = await openApplicants(page, adminApi.tag);
      await admin
        .applicantCard(applicant.name)
        .getByRole('button', { name: /^Delete/ })
        .click();
      await admin.answerConfirm(CONFIRM_DELETE, 'Delete');
      await expect(admin.toast('Failed to delete applicant', 'error')).toBeVisible();
      await expect(admin.applicantCard(applicant.name)).toBeVisible();
    },
  );

  test(
    "list states: 'Loading applicants...', 'No applicants found', 'Failed to fetch applicants'",
    { tag: '@once' },
    async ({ loggedInPage: page, adminApi }) => {
      // The list answers only once the loading state has been seen.
      const release = await holdRoute(page, '**/api/applicants', (route) =>
        route.fulfill({ json: { applicants: [] } }),
      );
      const admin = new AdminPage(page);
      await admin.goto('Applicants');
      await expect(page.getByText('Loading applicants...')).toBeVisible();
      release();
      await expect(page.getByText('No applicants found')).toBeVisible();
      await expect(page.getByText('No applications in the last 12 weeks.')).toBeVisible();
      for (const counter of ['Total Applications', 'Pending', 'Shortlisted', 'Rejected'] as const) {
        await expect(admin.counter(counter)).toHaveText('0');
      }

      await page.unroute('**/api/applicants');
      await page.route('**/api/applicants', (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal server error' } }),
      );
      await page.reload();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch applicants' })).toBeVisible({
        timeout: 15_000,
      });
      expect(adminApi.tag).toBeTruthy();
    },
  );

  test('applicants tab and detail dialog: no axe violations', async ({ loggedInPage: page, adminApi, axe }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job, linkedin: 'https://www.linkedin.com/in/example' });
    await adminApi.seedApplicant({ job });
    await adminApi.setStatus(applicant.id, 'shortlisted');
    const admin = await openApplicants(page, adminApi.tag);
    await page.getByText('Show the numbers').click();
    expect(await axe('main')).toEqual([]);
    await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
    await expect(admin.dialog).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
  });
});
