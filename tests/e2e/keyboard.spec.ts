import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { adminTest as test, expect, samplePdf } from './admin-fixtures';
import { consentBox } from './fixtures';

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Every element that takes focus on the way must show a visible focus indicator. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const outline = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'none';
    const style = getComputedStyle(element);
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px'
      ? 'outline'
      : style.boxShadow !== 'none'
        ? 'ring'
        : 'none';
  });
  expect(outline).not.toBe('none');
}

// Keyboard journeys run at desktop width.
test.describe('keyboard-only journeys', { tag: '@once' }, () => {
  test('a visitor opens a job and submits an application without the mouse', async ({ page, adminApi }) => {
    const job = await adminApi.createJob({ department: `${adminApi.tag} Keyboard` });
    await page.goto('/career');
    const card = page.getByRole('link', { name: job.title, exact: true });
    await expect(card).toBeVisible();
    await tabTo(page, card);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: job.title });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Apply Now' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');

    await tabTo(page, dialog.getByLabel('Full Name'));
    await page.keyboard.type('Keyboard Visitor');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${adminApi.tag.toLowerCase()}.keys@example.org`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+91 98765 43210');
    await tabTo(page, dialog.getByLabel('Cover Letter'));
    await page.keyboard.type(
      'I navigate everything with a keyboard and have built firmware for edge cameras for six years.',
    );
    // Playwright turns file-chooser interception on with a message it does not wait for: listening
    // before the Tab presses puts it in place many round trips before the key that opens the chooser.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, dialog.getByLabel('Resume'));
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: samplePdf('keyboard resume') });
    await tabTo(page, consentBox(dialog));
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    await expect(consentBox(dialog)).toBeChecked();

    await tabTo(page, dialog.getByRole('button', { name: 'Submit Application' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Application submitted successfully!' })).toBeVisible();
    expect((await adminApi.applicants()).some((a) => a.jobId === job.id && a.name === 'Keyboard Visitor')).toBe(true);
  });

  test('an admin logs in, shortlists an applicant and downloads the resume without the mouse', async ({
    page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job, name: `${adminApi.tag} Keyboard Applicant` });

    await page.goto('/adminlogin');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(E2E_ADMIN.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

    const tab = page.getByRole('tab', { name: /Applicants/ });
    await tabTo(page, page.getByRole('tab', { selected: true }));
    await page.keyboard.press('ArrowRight');
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute('aria-selected', 'true');

    const search = page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/Search/))
      .first();
    await tabTo(page, search);
    await page.keyboard.type(applicant.name);
    const card = page.getByRole('article', { name: applicant.name });
    await tabTo(page, card.getByRole('button', { name: `Shortlist ${applicant.name}` }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Applicant shortlisted successfully!')).toBeVisible();
    await expect
      .poll(async () => (await adminApi.applicants()).find((a) => a.id === applicant.id)?.status)
      .toBe('shortlisted');
    // The button became Undo Shortlist where it was, focus kept; Resume is the one before it.
    await expect(card.getByRole('button', { name: `Undo Shortlist ${applicant.name}` })).toBeFocused();

    const download = page.waitForEvent('download');
    await page.keyboard.press('Shift+Tab');
    await expect(card.getByRole('button', { name: `Resume of ${applicant.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe(`${applicant.name}_Resume.pdf`);
  });
});
