import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import type { InterviewList } from '../../src/lib/interviews';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage, openApplicants } from './pages/AdminPage';

// The reader's zone is India's: the list must name it, whatever the machine's zone.
test.use({ timezoneId: 'Asia/Kolkata' });

/** Shows only this test's applicants: desktop and mobile share the server and run side by side. */
async function openApplicant(page: Page, tag: string, name: string): Promise<AdminPage> {
  const admin = await openApplicants(page, tag);
  await admin.applicantCard(name).getByRole('button', { name: /^View/ }).click();
  await expect(admin.dialog.first()).toBeVisible();
  return admin;
}

/** Tomorrow's date as the date input takes it, in the browser's zone. */
const tomorrow = () => new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** An interview with the signed-in admin on the panel, scheduled through the API; its location. */
async function seedInterview(page: Page, token: string, applicantId: number, location: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await page.request.get(`/api/applicants/${applicantId}/interviews`, { headers })).json()) as {
    candidates: { id: number; email: string }[];
  };
  const own = list.candidates.find((c) => c.email === E2E_ADMIN.email)?.id;
  const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const created = await page.request.post(`/api/applicants/${applicantId}/interviews`, {
    headers,
    data: { startsAt, durationMinutes: 30, location, interviewerIds: [own] },
  });
  expect(created.status()).toBe(201);
}

test('an interview is scheduled from the applicant dialog, its time in the reader’s zone', async ({
  loggedInPage: page,
  adminApi,
  axe,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  await openApplicant(page, adminApi.tag, applicant.name);
  const interviews = page.getByRole('region', { name: 'Interviews' });
  await expect(interviews).toContainText('No interview yet.');
  await interviews.getByRole('button', { name: 'Schedule interview' }).click();

  const schedule = page.getByRole('dialog', { name: 'Schedule interview' });
  await expect(schedule).toBeVisible();
  // Chromium names the zone by its older alias, Asia/Calcutta.
  await expect(schedule).toContainText(/In your time zone: India Standard Time \(Asia\/(Kolkata|Calcutta)\)/);
  await schedule.getByRole('button', { name: 'Send invitations' }).click();
  await expect(schedule.getByText('Choose the date and time of the interview')).toBeVisible();
  await expect(schedule.getByText('Choose at least one interviewer')).toBeVisible();
  await expect(schedule.getByLabel('Date', { exact: true })).toBeFocused();
  expect(await axe('dialog')).toEqual([]);

  // After the first submit each message follows its field: fixed, it goes before the next submit.
  await schedule.getByLabel('Date', { exact: true }).fill(tomorrow());
  await schedule.getByLabel('Time', { exact: true }).fill('15:30');
  await expect(schedule.getByText('Choose the date and time of the interview')).toHaveCount(0);
  await expect(schedule.getByText('Choose at least one interviewer')).toBeVisible();
  await schedule.getByLabel('Duration').selectOption('45');
  await schedule.getByLabel('Location').fill('https://meet.example.com/edge-panel');
  await schedule.getByRole('checkbox', { name: E2E_ADMIN.email }).check();
  await schedule.getByRole('button', { name: 'Send invitations' }).click();
  await expect(schedule).toBeHidden();

  const item = interviews.getByRole('listitem').filter({ hasText: 'meet.example.com/edge-panel' });
  await expect(item).toContainText(' at 15:30 GMT+5:30');
  await expect(item).toContainText('45 minutes');
  await expect(item).toContainText('0 of 1 in');
  await expect(page.getByRole('region', { name: 'Timeline and notes' })).toContainText(/Scheduled interview \d+ for/);
});

test('an interviewer submits a scorecard, then reads it and the tally', async ({
  loggedInPage: page,
  adminApi,
  axe,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  await seedInterview(page, adminApi.token, applicant.id, 'Bengaluru office, room Palani');
  await openApplicant(page, adminApi.tag, applicant.name);
  const interviews = page.getByRole('region', { name: 'Interviews' });
  const item = interviews.getByRole('listitem').filter({ hasText: 'room Palani' });
  await expect(interviews.getByTestId('scorecard-tally')).toHaveText('No scorecards yet.');

  await item.getByRole('button', { name: 'Submit scorecard' }).click();
  const scorecard = page.getByRole('dialog', { name: 'Your scorecard' });
  await expect(scorecard).toBeVisible();
  await scorecard.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(scorecard.getByText('Choose your overall recommendation')).toBeVisible();
  await expect(scorecard.getByText('Rate technical depth')).toBeVisible();
  expect(await axe('dialog')).toEqual([]);

  await expect(scorecard.getByRole('radio', { name: 'Strong no' })).toBeFocused();

  await scorecard.getByRole('radio', { name: 'Strong yes' }).check();
  await expect(scorecard.getByText('Choose your overall recommendation')).toHaveCount(0);
  await expect(scorecard.getByText('Rate technical depth')).toBeVisible();
  for (const [criterion, rating] of [
    ['Technical depth', '4 · Excellent'],
    ['Communication', '3 · Good'],
    ['Ownership', '3 · Good'],
  ] as const) {
    await scorecard.getByRole('group', { name: criterion }).getByRole('radio', { name: rating }).check();
  }
  await scorecard.getByLabel('Notes').fill('Walked through a DMA ring buffer without notes.');
  await scorecard.getByRole('button', { name: 'Submit scorecard' }).click();
  await expect(scorecard).toBeHidden();

  await expect(interviews.getByTestId('scorecard-tally')).toHaveText('1 scorecard: Strong yes.');
  await expect(item).toContainText('1 of 1 in');
  await expect(item).toContainText('Your scorecard');
  await expect(item).toContainText('Walked through a DMA ring buffer without notes.');
  await expect(item.getByRole('button', { name: 'Submit scorecard' })).toHaveCount(0);
});

test('an interview is cancelled after a confirmation, and stays listed as cancelled', async ({
  loggedInPage: page,
  adminApi,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  await seedInterview(page, adminApi.token, applicant.id, 'Bengaluru office, room Nilgiri');

  const admin = await openApplicant(page, adminApi.tag, applicant.name);
  const item = page.getByRole('region', { name: 'Interviews' }).getByRole('listitem').first();
  await expect(item).toContainText('Bengaluru office, room Nilgiri');
  await item.getByRole('button', { name: 'Cancel interview' }).click();
  await admin.answerConfirm('Cancel this interview?', 'Keep it');
  await expect(item).toContainText('30 minutes');
  await item.getByRole('button', { name: 'Cancel interview' }).click();
  await admin.answerConfirm('Cancel this interview?', 'Cancel interview');
  await expect(item).toContainText('Cancelled');
  await expect(item.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
});

test('the schedule dialog says why a start too far ahead, or a rejected applicant, gets no interview', async ({
  loggedInPage: page,
  adminApi,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  await adminApi.setStatus(applicant.id, 'rejected');
  await openApplicant(page, adminApi.tag, applicant.name);
  await page.getByRole('region', { name: 'Interviews' }).getByRole('button', { name: 'Schedule interview' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule interview' });
  const threeYears = new Date(Date.now() + 3 * 366 * 86_400_000).toISOString().slice(0, 10);
  await schedule.getByLabel('Date', { exact: true }).fill(threeYears);
  await schedule.getByLabel('Time', { exact: true }).fill('15:30');
  await schedule.getByLabel('Location').fill('https://meet.example.com/edge-panel');
  await schedule.getByRole('checkbox', { name: E2E_ADMIN.email }).check();
  await schedule.getByRole('button', { name: 'Send invitations' }).click();
  await expect(schedule.getByText('The interview must start within 2 years from now')).toBeVisible();

  await schedule.getByLabel('Date', { exact: true }).fill(tomorrow());
  await schedule.getByRole('button', { name: 'Send invitations' }).click();
  await expect(
    schedule.getByText('This applicant was rejected: move them to another stage before planning an interview'),
  ).toBeVisible();
  await expect(schedule.getByText('The interview must start within 2 years from now')).toHaveCount(0);
  await expect(schedule).toBeVisible();
});

test('an interviewer who left a panel without a scorecard is told why the others stay hidden', async ({
  loggedInPage: page,
  adminApi,
}) => {
  const job = await adminApi.createJob();
  const applicant = await adminApi.seedApplicant({ job });
  await seedInterview(page, adminApi.token, applicant.id, 'Bengaluru office, room Kaveri');
  // As the API answers someone taken off the panel while another's card is in (tests/api/interviews.test.ts).
  await page.route(`**/api/applicants/${applicant.id}/interviews`, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as InterviewList;
    const interviews = list.interviews.map((i) => ({ ...i, onPanel: false, submittedCount: 1 }));
    await route.fulfill({ response, json: { ...list, interviews, hiddenScorecards: 1 } });
  });
  await openApplicant(page, adminApi.tag, applicant.name);
  await expect(page.getByRole('region', { name: 'Interviews' }).getByTestId('scorecard-tally')).toHaveText(
    'No scorecards yet. 1 more is in: you left a panel of this applicant without submitting your scorecard, so it stays hidden from you.',
  );
});
