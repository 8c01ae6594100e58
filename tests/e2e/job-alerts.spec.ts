import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { jobAlertMessages as m } from '../../src/lib/job-alerts';
import type { CapturedMail } from '../../support/smtp';
import { expect, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-fixtures';

// Job alerts end to end: the plain form on /career, the mails a real SMTP server captured (mail-fixtures.ts),
// the confirm and unsubscribe pages they link to.
test.describe.configure({ mode: 'serial' });

const DEPARTMENT = 'Firmware';
let server: MailServer;

async function createJob(request: APIRequestContext, title: string): Promise<void> {
  const login = await request.post(`${server.url}/api/admin`, { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post(`${server.url}/api/job`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      department: DEPARTMENT,
      location: 'Bengaluru, India',
      jobType: 'Full-time',
      description: 'Bring up boards and write their drivers.',
    },
  });
  expect(created.status()).toBe(201);
}

test.beforeAll(async ({ playwright }) => {
  server = await startMailServer();
  const request = await playwright.request.newContext();
  await createJob(request, 'Board Bring-up Engineer');
  await request.dispose();
});
test.afterAll(async () => {
  await server?.stop();
});

const mailsTo = (to: string) => server.smtp.mails.filter((mail) => mail.to.includes(to));

/** The newest captured mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<CapturedMail> {
  const find = () => mailsTo(to).findLast((mail) => subject.test(mail.parsed.subject ?? ''));
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

/** The link of `path` a mail carries, on the test server, with its token in the fragment. */
function link(mail: CapturedMail, path: string): string {
  const href = new RegExp(`href="([^"]*${path}#[^"]+)"`).exec(String(mail.parsed.html))?.[1] ?? '';
  expect(href).toMatch(new RegExp(`${path}#[A-Za-z0-9_-]{43}$`));
  const url = new URL(href);
  return `${server.url}${url.pathname}${url.hash}`;
}

const header = (mail: CapturedMail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');

test('a visitor subscribes on /career, confirms from the mail, gets one alert and unsubscribes from it', async ({
  page,
  axe,
  playwright,
}, testInfo) => {
  const email = `alerts.${testInfo.project.name}@example.org`;
  await page.goto(`${server.url}/career`);
  const form = page.getByRole('form', { name: 'Get new roles by e-mail' });
  await form.scrollIntoViewIfNeeded();
  // The departments of the open roles, listed by the form's one small script.
  await expect(form.getByRole('option', { name: DEPARTMENT })).toHaveCount(1);
  expect(await axe('.job-alerts')).toEqual([]);

  // The browser refuses an invalid address itself: nothing is sent.
  const address = form.getByLabel('E-mail address');
  await address.fill('not-an-address');
  await form.getByRole('button', { name: 'Get alerts' }).click();
  expect(await address.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
  await expect(page).toHaveURL(`${server.url}/career`);

  await address.fill(email);
  await form.getByLabel('Roles').selectOption(DEPARTMENT);
  await form.getByRole('button', { name: 'Get alerts' }).click();
  await expect(page).toHaveURL(`${server.url}/alerts/subscribe#sent`);
  await expect(page.getByText(m.subscribed)).toBeVisible();
  await expect(page.getByText(m.invalid)).toBeHidden();
  expect(await axe()).toEqual([]);

  const confirmation = await mailTo(email, /^Confirm your .* job alerts$/);
  expect(mailsTo(email)).toHaveLength(1);
  expect(header(confirmation, 'List-Unsubscribe')).toBeUndefined();

  await page.goto(link(confirmation, '/alerts/confirm'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your job alerts' })).toBeVisible();
  // The token leaves the address bar at once; nothing happens until the button.
  await expect(page).toHaveURL(`${server.url}/alerts/confirm`);
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my alerts' }).click();
  await expect(page.getByRole('status')).toHaveText(m.confirmed);
  await expect(page.getByRole('status')).toBeFocused();
  expect(await axe()).toEqual([]);

  const request = await playwright.request.newContext();
  await createJob(request, `Driver Engineer (${testInfo.project.name})`);
  await request.dispose();
  const alert = await mailTo(email, new RegExp(`Driver Engineer \\(${testInfo.project.name}\\)`));
  expect(header(alert, 'List-Unsubscribe')).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/alerts\/[A-Za-z0-9_-]{43}\/unsubscribe>$/,
  );
  expect(header(alert, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(mailsTo(email)).toHaveLength(2);

  await page.goto(link(alert, '/alerts/unsubscribe'));
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from job alerts' })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(m.unsubscribed);
  expect(await axe()).toEqual([]);

  // The same link, opened again (from another page: only the fragment would change), now opens nothing.
  await page.goto(`${server.url}/career`);
  await page.goto(link(alert, '/alerts/unsubscribe'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toHaveText(m.notFound);
});
