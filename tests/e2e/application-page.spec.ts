import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { APPLIED_JOBS_KEY } from '../../src/lib/applied-jobs';
import { applicationPageMessages as m } from '../../src/lib/schemas/application-page';
import type { Job } from '../../src/lib/schemas';
import { formatDateTime } from '../../src/lib/date-time';
import { decodeToken, samplePdf } from './admin-fixtures';
import { expect, fillApplicationForm, hydrate, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-fixtures';
import type { CapturedMail } from '../../support/smtp';

// The applicant's private page, reached from the receipt a real SMTP server captured (mail-fixtures.ts).
// One server per worker with its own mail, so the steps run in order.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: MailServer;
let job: Job;
let adminToken: string;

test.beforeAll(async ({ playwright }) => {
  server = await startMailServer();
  const request = await playwright.request.newContext();
  const login = await request.post(`${server.url}/api/admin`, { data: E2E_ADMIN });
  adminToken = ((await login.json()) as { token: string }).token;
  const created = await request.post(`${server.url}/api/job`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      title: 'Edge Vision Engineer',
      department: 'R&D',
      location: 'Bengaluru, India',
      jobType: 'Full-time',
      description: 'Ship vision pipelines on edge modules.',
    },
  });
  job = ((await created.json()) as { job: Job }).job;
  await request.dispose();
});
test.afterAll(async () => {
  await server?.stop();
});

/** The newest captured mail whose recipients include `to` and whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<CapturedMail> {
  const find = () =>
    server.smtp.mails.findLast((mail) => mail.to.includes(to) && subject.test(mail.parsed.subject ?? ''));
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

/** The private page link a mail carries, on the test server. */
function pageLink(mail: CapturedMail): string {
  const link = /href="([^"]*\/application\/[^"]+)"/.exec(String(mail.parsed.html))?.[1] ?? '';
  expect(link).toMatch(/\/application\/[A-Za-z0-9_-]{43}$/);
  return `${server.url}${new URL(link).pathname}`;
}

async function applyFromJobPage(page: Page, email: string): Promise<void> {
  const jobPage = `${server.url}/career/jobs/${job.id}`;
  await page.goto(jobPage);
  await hydrate(page, 'button:has-text("Apply Now")');
  await page.getByRole('button', { name: 'Apply Now' }).click();
  await expect(page.getByRole('heading', { name: 'Application Form' })).toBeVisible();
  await fillApplicationForm(
    page.getByRole('form', { name: `Application for ${job.title}` }),
    {
      name: 'Meera Iyer',
      email,
      phone: '+91 98450 12345',
      coverLetter: 'I tuned INT8 detectors and trackers for drones for five years at a start-up.',
    },
    { name: 'cv.pdf', mimeType: 'application/pdf', buffer: samplePdf('meera') },
  );
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

test('the job page confirms an application where the sticky header cannot hide it, and the board marks it Applied', async ({
  page,
}, testInfo) => {
  const email = `confirm.${testInfo.project.name}@example.org`;
  await applyFromJobPage(page, email);
  const confirmation = page.getByTestId('applied-confirmation');
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText(`We have e-mailed a receipt to ${email}.`);
  await expect(confirmation).toContainText('private application page');
  await expect(confirmation.getByRole('link', { name: 'Lost the receipt? Get the link again' })).toHaveAttribute(
    'href',
    '/application',
  );
  // Its top edge is below the sticky header, on a phone as on a desktop.
  await expect
    .poll(async () => {
      const header = await page.locator('#site-header').boundingBox();
      const box = await confirmation.boundingBox();
      return header && box ? box.y - (header.y + header.height) : -1;
    })
    .toBeGreaterThanOrEqual(0);

  await page.goto(`${server.url}/career`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: job.title, exact: true }) });
  await expect(card.getByTestId('job-applied')).toBeVisible();
});

test('the receipt’s link opens the private page, which hides the token, withdraws and erases', async ({
  page,
  axe,
}, testInfo) => {
  const email = `meera.${testInfo.project.name}@example.org`;
  await applyFromJobPage(page, email);
  const link = pageLink(await mailTo(email, /^We received your application/));

  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.getByText('Edge Vision Engineer')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/application`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Received' })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Your data is erased on')).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('application-page.png'), fullPage: true });

  // A reload keeps working: the tab holds the token.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^applicant-\d+-data-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.getByRole('button', { name: 'Withdraw' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Withdraw your application?' });
  await ask.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Withdrawn by you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  // Said once, by the stage it changed, where focus goes now that its button is gone: no toast beside it.
  await expect(page.getByRole('status').filter({ hasText: m.withdrawn })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('withdrawn.png'), fullPage: true });
  await mailTo('hiring@example.org', new RegExp(`^Application withdrawn: Meera Iyer for ${job.title}$`));

  const appliedHere = () => page.evaluate((key) => window.localStorage.getItem(key), APPLIED_JOBS_KEY);
  expect(JSON.parse((await appliedHere()) ?? '[]')).toContain(job.id);
  await page.getByRole('button', { name: 'Erase my application now' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Erase your application now?' });
  await expect(erase).toContainText('1 application');
  await erase.getByRole('button', { name: 'Erase now' }).click();
  await expect(page.getByRole('status').filter({ hasText: m.erased })).toBeVisible();
  await mailTo(email, /^Your data has been erased/);
  // This browser no longer marks the erased application as applied for.
  expect(await appliedHere()).toBeNull();

  // The link now opens nothing, as an unknown one does.
  await page.goto(link);
  await expect(page.getByText(m.notFound)).toBeVisible();
  expect(await axe()).toEqual([]);
});

test('"Send me my link" answers neutrally and mails a working link', async ({ page, axe }, testInfo) => {
  const email = `lost.${testInfo.project.name}@example.org`;
  await applyFromJobPage(page, email);
  await mailTo(email, /^We received your application/);

  await page.goto(`${server.url}/application`);
  await hydrate(page, 'form[aria-labelledby="send-link-title"]');
  expect(await axe()).toEqual([]);
  await page.getByLabel('The e-mail address you applied with').fill(email);
  await page.getByRole('button', { name: 'Send me my link' }).click();
  await expect(page.getByRole('status').filter({ hasText: m.linkRequested })).toBeVisible();
  await page.goto(pageLink(await mailTo(email, /application link/)));
  await expect(page.getByText('Edge Vision Engineer')).toBeVisible();
});

test('the private page shows the interview booked, in the reader’s zone, and after a rejection ticks only the stages reached', async ({
  page,
  axe,
}, testInfo) => {
  const email = `asha.${testInfo.project.name}@example.org`;
  await applyFromJobPage(page, email);
  const link = pageLink(await mailTo(email, /^We received your application/));
  const headers = { Authorization: `Bearer ${adminToken}` };
  const listed = (await (await page.request.get(`${server.url}/api/applicants`, { headers })).json()) as {
    applicants: { id: number; email: string }[];
  };
  const id = listed.applicants.find((a) => a.email === email)?.id;
  const startsAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000).toISOString();
  const location = 'https://meet.example.com/asha';
  const booked = await page.request.post(`${server.url}/api/applicants/${id}/interviews`, {
    headers,
    data: { startsAt, durationMinutes: 45, location, interviewerIds: [Number(decodeToken(adminToken).sub)] },
  });
  expect(booked.status()).toBe(201);

  await page.goto(link);
  const interview = page.getByRole('definition').filter({ has: page.getByRole('link', { name: location }) });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(interview).toContainText(formatDateTime(startsAt, zone));
  await expect(interview).toContainText('45 minutes');
  const download = page.waitForEvent('download');
  await interview.getByRole('link', { name: 'Add to my calendar (.ics)' }).click();
  expect((await download).suggestedFilename()).toBe('interview.ics');
  expect(await axe()).toEqual([]);
  const width = page.viewportSize()?.width;
  await page.screenshot({ path: testInfo.outputPath(`interview-${width}.png`), fullPage: true });

  const rejected = await page.request.put(`${server.url}/api/applicants/${id}/status`, {
    headers,
    data: { status: 'rejected', reason: 'experience' },
  });
  expect(rejected.status()).toBe(200);
  await page.reload();
  const stages = page.getByRole('list', { name: 'Stages of your application' }).getByRole('listitem');
  await expect(stages).toHaveText(['✓ Received', '● Decision made (current stage)']);
  await expect(page.getByText('Your interview')).toHaveCount(0);
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`rejected-${width}.png`), fullPage: true });
});
