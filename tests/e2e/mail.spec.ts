import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import type { Job } from '../../src/lib/schemas';
import { samplePdf } from './admin-fixtures';
import { expect, fillApplicationForm, hydrate, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-fixtures';

// E-mail through the outbox, against a real SMTP server in this worker (support/smtp.ts)
// and a server of its own (mail-fixtures.ts). One server, so the tests run in order.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SUCCESS = 'Application submitted successfully! We will review your application and get back to you soon.';
const NEUTRAL = 'If an admin account exists for that address, a reset link is on its way.';
const INVALID = 'This reset link is invalid or has expired.';
const NEW_PASSWORD = 'a new password from the mail';

let server: MailServer;

async function adminToken(page: Page, password = E2E_ADMIN.password): Promise<string> {
  const res = await page.request.post(`${server.url}/api/admin`, { data: { email: E2E_ADMIN.email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function signIn(page: Page): Promise<void> {
  const token = await adminToken(page);
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
}

/** The path, query and fragment of a link in a mail, opened on the test server. */
const onServer = (link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(server.url);
  return `${server.url}${url.pathname}${url.search}${url.hash}`;
};

// One server with its own mail: the journeys run once, at 1280 px.
test.describe('e-mail', { tag: '@once' }, () => {
  test.beforeAll(async () => {
    server = await startMailServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an application mails the hiring team and the applicant; the link opens the applicant, who can be notified', async ({
    page,
    axe,
  }) => {
    const token = await adminToken(page);
    const jobRes = await page.request.post(`${server.url}/api/job`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        title: 'Vision <Edge> Engineer',
        department: 'R&D',
        location: 'Bengaluru, India',
        jobType: 'Full-time',
        description: 'Ship vision pipelines on edge modules.',
      },
    });
    const { job } = (await jobRes.json()) as { job: Job };

    await page.goto(`${server.url}/career`);
    await page.getByRole('link', { name: job.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: job.title });
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await fillApplicationForm(
      dialog,
      {
        name: 'Meera Iyer',
        email: 'meera@example.org',
        phone: '+91 98450 12345',
        coverLetter: 'I tuned <b>INT8</b> detectors & trackers for drones.\nSecond line, enough.',
      },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: samplePdf('meera') },
    );
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText(SUCCESS).first()).toBeVisible();

    const mails = await server.smtp.waitFor(2);
    const team = mails.find((m) => m.to.includes('hiring@example.org'))!;
    const receipt = mails.find((m) => m.to.includes('meera@example.org'))!;
    expect(team.parsed.subject).toBe('New application: Meera Iyer for Vision <Edge> Engineer');
    expect(String(team.parsed.html)).toContain('I tuned &lt;b&gt;INT8&lt;/b&gt; detectors &amp; trackers');
    expect(receipt.parsed.subject).toBe('We received your application for Vision <Edge> Engineer');
    expect(receipt.parsed.replyTo?.value[0]?.address).toBe('hiring@example.org');

    // The link in the hiring team's mail opens that applicant in the admin area.
    const link = /href="([^"]+#applicants)"/.exec(String(team.parsed.html))?.[1] ?? '';
    await signIn(page);
    await page.goto(onServer(link.replace(/&amp;/g, '&')));
    const detail = page.getByRole('dialog', { name: 'Meera Iyer' });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('link', { name: 'meera@example.org' })).toBeVisible();

    // Nothing is mailed unless the move says so; here it sends the standard status mail.
    await detail.getByRole('button', { name: /^Move…/ }).click();
    const move = page.getByRole('dialog', { name: 'Move Meera Iyer' });
    const mail = move.getByLabel('Mail to the applicant');
    await expect(mail).toHaveValue('none');
    await mail.selectOption({ label: 'The standard status mail' });
    await move.getByRole('button', { name: 'Move to Shortlisted' }).click();
    await expect(page.getByText('Applicant moved to Shortlisted')).toBeVisible();
    const [, , status] = await server.smtp.waitFor(3);
    expect(status?.to).toEqual(['meera@example.org']);
    expect(status?.parsed.subject).toBe('You have been shortlisted for Vision <Edge> Engineer');
    await detail.getByRole('button', { name: 'Close' }).first().click();

    // The Outbox lists the three mails as sent.
    await page.getByRole('tab', { name: /^Outbox/ }).click();
    const outbox = page.getByRole('tabpanel', { name: /Outbox/ });
    await expect(outbox.getByRole('list', { name: 'Mails' }).getByRole('listitem')).toHaveCount(3);
    await expect(outbox.getByText('Status: Sent')).toHaveCount(3);
    await expect(page.getByRole('tab', { name: /^Outbox/ })).toHaveText(/\(0 failed\)/);
    // The receipt carries the applicant's private link: its text is never shown; the others can be read.
    await expect(outbox.getByText('This mail carries a private link, so its text is not shown')).toHaveCount(1);
    await outbox.getByLabel('Search recipient or subject').fill('SHORTLISTED');
    await expect(outbox.getByText('Showing 1 of 3 mails')).toBeVisible();
    const statusMail = outbox.getByRole('article');
    await statusMail.getByRole('button', { name: /^Show text/ }).click();
    await expect(statusMail.getByRole('button', { name: /^Hide text/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(statusMail.locator('pre')).toContainText('Good news, Meera Iyer');
    expect(await axe('#panel-outbox')).toEqual([]);
    await outbox.getByLabel('Filter by delivery state').selectOption({ label: 'Failed' });
    await expect(outbox.getByText('No mails match the filters')).toBeVisible();
  });

  test('a contact message reaches sales with Reply-To the sender', async ({ page }) => {
    server.smtp.mails.length = 0;
    await page.goto(`${server.url}/#contact`);
    await hydrate(page, 'form[aria-label="Contact us"]');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Ravi Kumar');
    await form.getByLabel('Email').fill('ravi@example.org');
    await form.getByLabel('Subject').fill('Pilot <for> 200 drones');
    await form.getByLabel('Message').fill('Can we talk about IPG & fleets?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message sent successfully!' })).toBeVisible();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.to).toEqual(['sales@example.org']);
    expect(mail?.parsed.subject).toBe('New contact message: Pilot <for> 200 drones');
    expect(mail?.parsed.replyTo?.value[0]?.address).toBe('ravi@example.org');
    expect(String(mail?.parsed.html)).toContain('Can we talk about IPG &amp; fleets?');
  });

  test('a mail refused for good turns failed at once, is counted on the Outbox tab, and goes out on Retry now', async ({
    page,
  }) => {
    server.smtp.mails.length = 0;
    server.smtp.mode = 'reject';
    const res = await page.request.post(`${server.url}/api/contact`, {
      data: { name: 'Refused Lead', email: 'lead@example.org', subject: 'Refused at first', message: 'Hello' },
    });
    expect(res.status()).toBe(201);
    await signIn(page);
    await page.goto(`${server.url}/admin#outbox`);
    const tab = page.getByRole('tab', { name: /^Outbox/ });
    await expect(tab).toHaveText(/\(1 failed\)/, { timeout: 15_000 });
    const card = page.getByRole('article').filter({ hasText: 'New contact message: Refused at first' });
    await expect(card.getByText('Status: Failed')).toBeVisible();
    await expect(card.getByText(/^550/)).toBeVisible();
    const retryAll = page.getByRole('button', { name: 'Retry all 1 failed' });
    await expect(retryAll).toBeVisible();

    server.smtp.mode = 'accept';
    await card.getByRole('button', { name: /^Retry now/ }).click();
    await expect(page.getByText('The mail will be sent again shortly.')).toBeVisible();
    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe('New contact message: Refused at first');
    await expect(card.getByText('Status: Sent')).toBeVisible({ timeout: 15_000 });
    await expect(tab).toHaveText(/\(0 failed\)/);
    await expect(retryAll).toBeHidden();
  });

  test('password reset by e-mail: a neutral answer, a single-use link, and an expired one refused', async ({
    page,
    axe,
  }) => {
    server.smtp.mails.length = 0;
    const oldSession = await adminToken(page);
    await page.goto(`${server.url}/adminlogin`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const request = page.getByRole('form', { name: 'Reset your password by e-mail' });
    await request.getByLabel('Your admin e-mail').fill(E2E_ADMIN.email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: NEUTRAL })).toBeVisible();

    const [mail] = await server.smtp.waitFor(1);
    expect(mail?.to).toEqual([E2E_ADMIN.email]);
    const link = /(http:\/\/\S+\/adminlogin\?reset=[\w-]+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
    const referers: (string | undefined)[] = [];
    const onRequest = (request: { headers(): Record<string, string> }) => referers.push(request.headers()['referer']);
    page.on('request', onRequest);
    await page.goto(onServer(link));
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await expect(form.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
    // The token left the address bar, and no request from the page names it in a Referer.
    await expect(page).toHaveURL(`${server.url}/adminlogin`);
    expect(await axe()).toEqual([]);
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Set new password' }).click();

    // Back on the login page, which says what happened; the new password signs in.
    await page.waitForURL(`${server.url}/adminlogin`);
    page.off('request', onRequest);
    // Only a script's own imports name that script (the browser's default policy); nothing names the page.
    expect(referers.filter((referer) => referer && !new URL(referer).pathname.startsWith('/_astro/'))).toEqual([]);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed. Sign in with the new password.' }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    // The session signed before the reset no longer works.
    const verify = await page.request.get(`${server.url}/api/auth/verify`, {
      headers: { Authorization: `Bearer ${oldSession}` },
    });
    expect(verify.status()).toBe(401);

    // The same link a second time.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(onServer(link));
    const reused = page.getByRole('form', { name: 'Choose a new password' });
    await reused.getByRole('textbox', { name: 'New password', exact: true }).fill('another new long password');
    await reused.getByLabel('Repeat the new password').fill('another new long password');
    await reused.getByRole('button', { name: 'Set new password' }).click();
    await expect(reused.getByRole('alert')).toContainText(INVALID);

    // A fresh link that is more than 30 minutes old.
    const again = await page.request.post(`${server.url}/api/auth/forgot`, { data: { email: E2E_ADMIN.email } });
    expect(again.status()).toBe(202);
    const [, second] = await server.smtp.waitFor(2);
    const expiredLink = /(http:\/\/\S+\/adminlogin\?reset=[\w-]+)/.exec(second?.parsed.text ?? '')?.[1] ?? '';
    const handle = server.openDb();
    try {
      await handle.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
        .where('used_at', 'is', null)
        .execute();
    } finally {
      await handle.close();
    }
    await page.goto(onServer(expiredLink));
    const expired = page.getByRole('form', { name: 'Choose a new password' });
    await expired.getByRole('textbox', { name: 'New password', exact: true }).fill('too late new password');
    await expired.getByLabel('Repeat the new password').fill('too late new password');
    await expired.getByRole('button', { name: 'Set new password' }).click();
    await expect(expired.getByRole('alert')).toContainText(INVALID);
    await expect(expired.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/adminlogin');
    // The password set through the first link still holds.
    expect((await adminToken(page, NEW_PASSWORD)).length).toBeGreaterThan(20);
  });
});
