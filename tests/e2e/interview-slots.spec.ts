import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { formatDateTime } from '../../src/lib/date-time';
import { INTERVIEW_SLOT_CHANGE_HOURS } from '../../src/lib/limits';
import { applicationPageMessages as m } from '../../src/lib/schemas/application-page';
import type { InterviewSlotList } from '../../src/lib/schemas/interview-slots';
import type { Job } from '../../src/lib/schemas';
import type { CapturedMail } from '../../support/smtp';
import { decodeToken, samplePdf } from './admin-fixtures';
import { expect, test } from './fixtures';
import { startMailServer, type MailServer } from './mail-fixtures';

// The applicant books, moves and cancels an offered interview time on their private page, reached
// from the invitation a real SMTP server captured. One server per worker, so the steps run in order.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const HOUR_MS = 3_600_000;
let server: MailServer;
let request: APIRequestContext;
let job: Job;
let headers: Record<string, string>;
let adminId: number;

test.beforeAll(async ({ playwright }) => {
  server = await startMailServer();
  request = await playwright.request.newContext({ baseURL: server.url });
  const login = await request.post('/api/admin', { data: E2E_ADMIN });
  const token = ((await login.json()) as { token: string }).token;
  headers = { Authorization: `Bearer ${token}` };
  adminId = Number(decodeToken(token).sub);
  const created = await request.post('/api/job', {
    headers,
    data: {
      title: 'Embedded Vision Engineer',
      department: 'R&D',
      location: 'Pune, India',
      jobType: 'Full-time',
      description: 'Bring camera pipelines up on our edge boards.',
    },
  });
  job = ((await created.json()) as { job: Job }).job;
});
test.afterAll(async () => {
  await request?.dispose();
  await server?.stop();
});

/** The newest captured mail to `to` whose subject matches, once it has arrived. */
async function mailTo(to: string, subject: RegExp): Promise<CapturedMail> {
  const find = () =>
    server.smtp.mails.findLast((mail) => mail.to.includes(to) && subject.test(mail.parsed.subject ?? ''));
  await expect.poll(() => find() !== undefined).toBe(true);
  return find()!;
}

/** Applies as the careers form does; the applicant's id, found by address. */
async function applyAs(name: string, email: string): Promise<number> {
  const applied = await request.post('/api/applicants/apply', {
    multipart: {
      jobId: String(job.id),
      name,
      email,
      phone: '+91 98450 12345',
      coverLetter: 'I brought up MIPI cameras and ISP tuning on three boards at my last job.',
      consent: 'true',
      resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: samplePdf(name) },
    },
  });
  expect(applied.ok()).toBe(true);
  const listed = (await (await request.get('/api/applicants', { headers })).json()) as {
    applicants: { id: number; email: string }[];
  };
  const id = listed.applicants.find((a) => a.email === email)?.id;
  expect(id).toBeDefined();
  return id!;
}

/** Invites the applicant to choose from `slotIds`; the private page link their mail carries. */
async function invite(id: number, email: string, slotIds: number[]): Promise<string> {
  const sent = await request.post(`/api/applicants/${id}/interview-invitation`, { headers, data: { slotIds } });
  expect(sent.status()).toBe(201);
  const mail = await mailTo(email, /^Choose a time/);
  const link = /href="([^"]*\/application\/[^"]+)"/.exec(String(mail.parsed.html))?.[1] ?? '';
  expect(link).toMatch(/\/application\/[A-Za-z0-9_-]{43}$/);
  return `${server.url}${new URL(link).pathname}`;
}

/** The iCalendar a mail carries, as text. */
const calendarOf = (mail: CapturedMail) => mail.parsed.attachments.map((a) => a.content.toString('utf8')).join('\n');

const choice = (page: Page, startsAt: string) => page.getByRole('radio', { name: formatDateTime(startsAt) });

test('the applicant books an offered time, moves it, cancels it, and inside 24 hours is told to reply instead', async ({
  page,
  axe,
}, testInfo) => {
  const width = page.viewportSize()?.width;
  const project = testInfo.project.name;
  // Whole hours ahead: three far times and one inside the 24 hours.
  const hour = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;
  const offset = project === 'mobile' ? HOUR_MS : 0;
  const times = [72, 74, 76, 4].map((h) => new Date(hour + h * HOUR_MS + offset).toISOString());
  const made = await request.post(`/api/job/${job.id}/interview-slots`, {
    headers,
    data: {
      slots: times.map((startsAt) => ({ startsAt, durationMinutes: 45 })),
      interviewerIds: [adminId],
      location: 'https://meet.example.com/vision',
    },
  });
  expect(made.status()).toBe(201);
  const slots = ((await made.json()) as InterviewSlotList).slots;
  const [first, taken, third, soon] = times as [string, string, string, string];
  const idAt = (startsAt: string) => slots.find((s) => s.startsAt === startsAt)!.id;

  const email = `meera.slots.${project}@example.org`;
  const link = await invite(await applyAs('Meera Iyer', email), email, times.map(idAt));
  const rival = `ravi.slots.${project}@example.org`;
  const rivalLink = await invite(await applyAs('Ravi Kumar', rival), rival, [idAt(taken)]);

  await page.goto(link);
  const section = page.getByRole('region', { name: 'Your interview time' });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(section.getByRole('group')).toContainText(`Times are in your time zone, ${zone}.`);
  await expect(section.getByRole('radio')).toHaveCount(4);
  const book = section.getByRole('button', { name: 'Book this time' });
  await expect(book).toBeDisabled();
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`slots-offered-${width}.png`), fullPage: true });

  await choice(page, first).check();
  await book.click();
  await expect(section.getByRole('status')).toHaveText(m.slotBooked);
  await expect(section.getByRole('status')).toBeFocused();
  await expect(section.getByTestId('booked-slot')).toHaveText(`${formatDateTime(first)}, 45 minutes`);
  await expect(page.getByText('Your interview', { exact: true })).toBeVisible();
  const invitation = await mailTo(email, /^Your interview for/);
  expect(calendarOf(invitation)).toContain('METHOD:REQUEST');
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`slots-booked-${width}.png`), fullPage: true });

  // Another applicant takes a time this page still offers.
  const rivalToken = new URL(rivalLink).pathname.split('/').pop()!;
  const raced = await request.post(`/api/applications/${rivalToken}/interview-slots/${idAt(taken)}`);
  expect(raced.status(), await raced.text()).toBe(201);

  await section.getByRole('button', { name: 'Move', exact: true }).click();
  await choice(page, taken).check();
  await section.getByRole('button', { name: 'Move to this time' }).click();
  await expect(section.getByRole('alert')).toHaveText(m.slotTaken);
  // The list as it is now: the taken time is gone.
  await expect(choice(page, taken)).toHaveCount(0);
  await expect(section.getByRole('radio')).toHaveCount(2);
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`slots-taken-${width}.png`), fullPage: true });

  await choice(page, third).check();
  await section.getByRole('button', { name: 'Move to this time' }).click();
  await expect(section.getByRole('status')).toHaveText(m.slotMoved);
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(section.getByTestId('booked-slot')).toHaveText(`${formatDateTime(third)}, 45 minutes`);
  const moved = await mailTo(email, /^New time for your interview/);
  expect(calendarOf(moved)).toMatch(/SEQUENCE:1/);

  await section.getByRole('button', { name: 'Cancel', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Cancel your interview?' });
  await ask.getByRole('button', { name: 'Cancel interview' }).click();
  await expect(section.getByRole('status')).toHaveText(m.slotCancelled);
  await expect(section.getByRole('status')).toBeFocused();
  await expect(section.getByTestId('booked-slot')).toHaveCount(0);
  const cancelled = await mailTo(email, /^Cancelled: your interview/);
  expect(calendarOf(cancelled)).toContain('METHOD:CANCEL');
  await expect(section.getByRole('radio')).toHaveCount(3);

  await choice(page, soon).check();
  await section.getByRole('button', { name: 'Book this time' }).click();
  await expect(section.getByRole('status')).toHaveText(m.slotBooked);
  await expect(section.getByTestId('booked-slot')).toHaveText(`${formatDateTime(soon)}, 45 minutes`);
  // Too close to change here: the server's reason stands where the buttons were.
  await expect(section.getByText(m.slotTooLate(INTERVIEW_SLOT_CHANGE_HOURS))).toBeVisible();
  await expect(section.getByRole('button')).toHaveCount(0);
  expect(await axe()).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`slots-too-late-${width}.png`), fullPage: true });
});
