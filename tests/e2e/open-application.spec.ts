import type { TestInfo } from '@playwright/test';
import { consentMessages } from '../../src/lib/privacy';
import { applicationMessages } from '../../src/lib/schemas/application';
import { adminTest as test, expect } from './admin-fixtures';
import { COVER_LETTER, pdfFile } from './careers-helpers';
import { fillApplicationForm } from './fixtures';
import { AdminPage } from './pages/AdminPage';

const PAGE = '/career/open-application';

/** Letters only (names refuse digits), unique per test and project. */
function uniqueName(testInfo: TestInfo): string {
  const letters = Math.random()
    .toString(26)
    .slice(2, 9)
    .replace(/[0-9]/g, (digit) => 'klmnopqrst'[Number(digit)] ?? 'x');
  return `Open ${testInfo.project.name} ${letters}`;
}

test.describe('careers › open application', () => {
  test("from /career, 'Send an open application' leads to the form; it sends with a resume and confirms", async ({
    page,
    listApplicants,
  }, testInfo) => {
    const name = uniqueName(testInfo);
    const email = `${name.replace(/ /g, '.').toLowerCase()}@example.org`;
    await page.goto('/career');
    await expect(page.getByRole('heading', { name: "Don't see the right role?" })).toBeVisible();
    await page.getByRole('link', { name: 'Send an open application' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Open application' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Application for Open application' });
    await expect(form.getByLabel('Field of interest')).toBeEditable();
    await expect(form.getByRole('checkbox', { name: consentMessages.generalLabel, exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByText(applicationMessages.fieldOfInterestRequired)).toBeVisible();
    await expect(form.getByLabel('Field of interest')).toBeFocused();

    await form.getByLabel('Field of interest').fill('Embedded firmware for drones');
    await fillApplicationForm(form, { name, email, phone: '+91 98450 12345', coverLetter: COVER_LETTER }, pdfFile());
    await form.getByRole('button', { name: 'Submit Application' }).click();

    const confirmation = page.getByTestId('applied-confirmation');
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText('Your general application has been received.');
    await expect(confirmation).toContainText(`We have e-mailed a receipt to ${email}.`);
    const stored = (await listApplicants()).find((a) => a.email === email);
    expect(stored).toMatchObject({ jobTitle: 'Open application', fieldOfInterest: 'Embedded firmware for drones' });
  });

  test('an admin sees the applicant under the Open application vacancy, with the field of interest', async ({
    loggedInPage: page,
    request,
  }, testInfo) => {
    const name = uniqueName(testInfo);
    const email = `${name.replace(/ /g, '.').toLowerCase()}@example.org`;
    const multipart = {
      kind: 'open',
      fieldOfInterest: 'Edge AI compilers',
      name,
      email,
      phone: '+91 98450 12345',
      coverLetter: COVER_LETTER,
      consent: 'true',
      resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: pdfFile().buffer },
    };
    const applied = await request.post('/api/applicants/apply', { multipart });
    expect(applied.status()).toBe(201);

    const admin = new AdminPage(page);
    await admin.goto('Job Vacancies');
    const entry = admin.jobCard('Open application');
    await expect(entry).toBeVisible();
    await expect(entry.getByText('General applications', { exact: true })).toBeVisible();
    await expect(entry.getByRole('button', { name: /^Edit/ })).toBeVisible();
    await expect(entry.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await admin.openTab('Applicants');
    await admin.filterJob('Open application');
    await admin.search(name);
    const card = admin.applicantCard(name);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^View/ }).click();
    await expect(admin.dialog.getByText('Field of interest')).toBeVisible();
    await expect(admin.dialog.getByText('Edge AI compilers', { exact: true })).toBeVisible();
  });

  test('the open application page has no axe violations', async ({ page, axe }) => {
    await page.goto(PAGE);
    await expect(page.getByLabel('Field of interest')).toBeEditable();
    expect(await axe()).toEqual([]);
  });
});
