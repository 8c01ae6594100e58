import type { Locator, Page } from '@playwright/test';
import type { Applicant } from '../../src/lib/schemas';
import { interviewSlotMessages as s } from '../../src/lib/schemas/interview-slots';
import type { OutboxList } from '../../src/lib/schemas/outbox';
import { adminCli, adminTest as test, expect, signInThroughApi } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';

// The week is the reader's: India's here, whatever the machine's zone.
test.use({ timezoneId: 'Asia/Kolkata' });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'slots-Password-2468';
const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;

/** The Tuesday two to three weeks ahead and the day after, as the date input takes them in India. */
function twoDays(): [string, string] {
  const start = new Date(Date.now() + 14 * DAY_MS + IST_MS);
  start.setUTCDate(start.getUTCDate() + ((9 - start.getUTCDay()) % 7));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return [day(start), day(new Date(start.getTime() + DAY_MS))];
}

const dayOf = (dialog: Locator, date: string) => dialog.locator(`[data-day="${date}"]`);
const slotsOf = (dialog: Locator, date: string) => dayOf(dialog, date).locator('[data-slot]');

/** Fills the add form's time row `n` (from 1). */
async function fillTime(form: Locator, n: number, date: string, time: string): Promise<void> {
  await form.getByLabel(`Date ${n}`, { exact: true }).fill(date);
  await form.getByLabel(`Time ${n}`, { exact: true }).fill(time);
}

async function noSideScroll(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) > 390) return;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a recruiter builds a week of slots, a clash is refused, and two are offered to an applicant', async ({
  page,
  adminApi,
  axe,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  // A recruiter of this test's own sits on the panel: no other test's times clash with theirs.
  const recruiter = `${adminApi.tag.toLowerCase()}.recruiter@example.org`;
  await adminCli(['create', recruiter, '--role', 'recruiter'], `${PASSWORD}\n`);
  await signInThroughApi(page, recruiter, PASSWORD);
  const admin = new AdminPage(page);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
  await admin.openTab('Job Vacancies');
  await admin
    .jobCard(job.title)
    .getByRole('button', { name: `Interview slots of ${job.title}` })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Interview slots' });
  await expect(
    dialog.getByText(/^Times in your time zone: India Standard Time \(Asia\/(Kolkata|Calcutta)\)\.$/),
  ).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Add slots' });
  const [first, second] = twoDays();
  await fillTime(form, 1, first, '09:00');
  await form.getByRole('button', { name: 'Add another time' }).click();
  // The new row starts on the last row's day.
  await expect(form.getByLabel('Date 2', { exact: true })).toHaveValue(first);
  await form.getByLabel('Time 2', { exact: true }).fill('10:00');
  await form.getByRole('button', { name: 'Add another time' }).click();
  await fillTime(form, 3, second, '14:00');
  await form.getByLabel('Duration').selectOption({ label: '45 minutes' });
  await form.getByLabel('Location').fill('https://meet.example.com/slots');
  await form.getByRole('checkbox', { name: new RegExp(recruiter.replaceAll('.', '\\.')) }).check();
  await form.getByRole('button', { name: 'Add 3 slots' }).click();
  await expect(admin.toast(s.created(3))).toBeVisible();

  // The view jumped to the new slots' week, each day in time order.
  await expect(slotsOf(dialog, first)).toHaveCount(2);
  await expect(slotsOf(dialog, first).first()).toContainText('09:00 · 45 min');
  await expect(slotsOf(dialog, first).last()).toContainText('10:00 · 45 min');
  await expect(slotsOf(dialog, second)).toHaveCount(1);
  await expect(slotsOf(dialog, second)).toContainText('https://meet.example.com/slots');
  await expect(form.getByLabel('Date 1', { exact: true })).toHaveValue('');
  expect(await axe('dialog')).toEqual([]);
  await noSideScroll(page);

  // Move the 10:00 slot to the second day at 16:00.
  await dayOf(dialog, first).getByRole('button', { name: 'Move the 10:00 slot', exact: true }).click();
  const move = dialog.getByRole('form', { name: 'Move the 10:00 slot' });
  await expect(move.getByLabel('New date')).toBeFocused();
  await move.getByLabel('New date').fill(second);
  await move.getByLabel('New time').fill('16:00');
  await move.getByRole('button', { name: 'Save time' }).click();
  await expect(admin.toast(s.moved)).toBeVisible();
  await expect(slotsOf(dialog, second)).toHaveCount(2);
  await expect(slotsOf(dialog, second).last()).toContainText('16:00');

  // Remove the 09:00 one, after the question.
  await dayOf(dialog, first).getByRole('button', { name: 'Remove the 09:00 slot', exact: true }).click();
  await expect(admin.confirmDialog).toBeVisible();
  await admin.confirmDialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(admin.toast(s.deleted)).toBeVisible();
  await expect(dayOf(dialog, first)).toContainText('No slots');

  // A second 14:00 with the same panel clashes: the server's message, the fields kept.
  await fillTime(form, 1, second, '14:00');
  await form.getByRole('button', { name: 'Add slot' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: `${recruiter} already has an interview slot at ` }),
  ).toBeVisible();
  await expect(form.getByLabel('Date 1', { exact: true })).toHaveValue(second);
  await expect(form.getByLabel('Location')).toHaveValue('https://meet.example.com/slots');
  await expect(slotsOf(dialog, second)).toHaveCount(2);
  await noSideScroll(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Offer both free slots to the applicant, from the applicant dialog.
  await page.route('**/api/applicants', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { applicants: Applicant[] };
    const own = body.applicants.filter((a) => a.name.startsWith(adminApi.tag));
    await route.fulfill({ response, json: { applicants: own } });
  });
  await admin.goto('Applicants');
  await admin.applicantCard(applicant.name).getByRole('button', { name: /^View/ }).click();
  await page.getByRole('region', { name: 'Interviews' }).getByRole('button', { name: 'Offer times' }).click();
  const offer = page.getByRole('dialog', { name: 'Offer interview times' });
  const choices = offer.getByRole('checkbox');
  await expect(choices).toHaveCount(2);
  expect(await axe('dialog')).toEqual([]);
  await offer.getByRole('button', { name: 'Send invitation' }).click();
  await expect(offer.getByRole('alert').filter({ hasText: s.offerRequired })).toBeVisible();
  await choices.nth(0).check();
  await choices.nth(1).check();
  await offer.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.toast(s.invitationSent)).toBeVisible();
  await expect(offer).toBeHidden();
  await expect(admin.toast(s.invitationSent)).toHaveCount(1);
  await noSideScroll(page);

  const outbox = await page.request.get('/api/outbox', { headers: { Authorization: `Bearer ${adminApi.token}` } });
  const { mails } = (await outbox.json()) as OutboxList;
  expect(mails.filter((m) => m.recipient === applicant.email && /^Choose a time/.test(m.subject))).toHaveLength(1);
});
