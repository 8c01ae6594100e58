import type { Locator, Page } from '@playwright/test';
import { apiTest as test, expect } from './fixtures';
import {
  uniqueTag,
  jobInput,
  cardTitle,
  jobDialog,
  openBoard,
  openJob,
  openForm,
  field,
  formAlert,
  discardQuestion,
} from './careers-helpers';

/* ---------- modal ---------- */

test.describe('careers › modal', () => {
  test('opens on a click with every detail, line breaks kept, within 80vh, body scroll locked', async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: responsibilities and skills.`).join('\n');
    const job = await createJob(
      jobInput(tag, { description: `Own the firmware our agents generate.\nReview drivers.\n${long}` }),
    );
    await openBoard(page);
    await page.evaluate(() => window.scrollTo(0, 200));
    const dialog = await openJob(page, job);

    for (const text of [job.title, job.department, job.location, job.jobType, '₹18–28 LPA'])
      await expect(dialog).toContainText(text);
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    const text = await dialog.getByTestId('job-full-description').innerText();
    expect(text).toContain('Own the firmware our agents generate.\nReview drivers.\nLine 1:');

    const viewport = page.viewportSize();
    const box = await dialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(viewport!.height * 0.8 + 1);
    expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);

    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(3, viewport!.height - 3);
    // Wait until the page has received the wheel and painted twice: a scroll would have started by then.
    await page.evaluate(() => {
      const marker = window as unknown as { wheeled?: Promise<void> };
      marker.wheeled = new Promise((resolve) =>
        addEventListener('wheel', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), {
          once: true,
          capture: true,
        }),
      );
    });
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => (window as unknown as { wheeled: Promise<void> }).wheeled);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await expect(cardTitle(page, job)).toBeFocused();
  });

  test("a card's title is a link to the job's page: a modified click opens that page in a new tab", async ({
    page,
    createJob,
  }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    const title = cardTitle(page, job);
    await expect(title).toHaveAttribute('href', new RegExp(`^/career/jobs/${job.id}-`));
    const opened = page.context().waitForEvent('page');
    await title.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(job.title);
    await tab.close();
    // The board itself opened no dialog.
    await expect(jobDialog(page, job)).toHaveCount(0);
  });

  test('shows no salary when the job has none', { tag: '@once' }, async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo), { salaryRange: null }));
    await openBoard(page);
    const dialog = await openJob(page, job);
    await expect(dialog.locator('[data-field="salaryRange"]')).toHaveCount(0);
    await expect(dialog.locator('[data-field="location"]')).toContainText(job.location);
  });

  test(
    'opens with Enter and with Space on a card, and focus moves into the dialog and stays there',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      await openBoard(page);
      for (const key of ['Enter', 'Space']) {
        await cardTitle(page, job).focus();
        await page.keyboard.press(key);
        const dialog = jobDialog(page, job);
        await expect(dialog).toBeVisible();
        for (let i = 0; i < 8; i++) {
          expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
          await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
          await page.keyboard.press('Tab');
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(cardTitle(page, job)).toBeFocused();
      }
    },
  );

  /** Each way of closing the modal (or, for Cancel, the form), as a visitor does it. */
  const closers: Record<
    string,
    { once: boolean; close: (page: Page, dialog: Locator, narrow: boolean) => Promise<void> }
  > = {
    Escape: { once: true, close: (page) => page.keyboard.press('Escape') },
    'the × button': {
      once: true,
      close: (_page, dialog) => dialog.getByRole('button', { name: 'Close dialog' }).click(),
    },
    // Tapped at 390 px, clicked at 1280 px.
    'the backdrop': {
      once: false,
      close: (page, _dialog, narrow) => (narrow ? page.touchscreen.tap(4, 4) : page.mouse.click(4, 4)),
    },
    Cancel: { once: true, close: (_page, dialog) => dialog.getByRole('button', { name: 'Cancel' }).click() },
  };

  for (const [how, { once, close }] of Object.entries(closers)) {
    test(
      `${how} on a filled form asks 'Discard your application?': Keep editing keeps it, Discard empties it`,
      once ? { tag: '@once' } : {},
      async ({ page, createJob, isNarrow }, testInfo) => {
        const job = await createJob(jobInput(uniqueTag(testInfo)));
        const dialog = await openForm(page, job);
        await field(dialog, 'Full Name').fill('Asha Rao');
        await field(dialog, 'Cover Letter').fill('I port vision pipelines to edge modules.');
        await field(dialog, 'Cover Letter').focus();

        await close(page, dialog, isNarrow);
        const question = discardQuestion(page);
        await expect(question).toBeVisible();
        await expect(question).toContainText(`Your answers for ${job.title} will be deleted from this browser.`);
        await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();

        await question.getByRole('button', { name: 'Keep editing' }).click();
        await expect(question).toHaveCount(0);
        await expect(field(dialog, 'Full Name')).toHaveValue('Asha Rao');
        await expect(field(dialog, 'Cover Letter')).toHaveValue('I port vision pipelines to edge modules.');
        // Focus goes back into the modal, where the visitor was.
        expect(await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('role'))).toBe(
          'dialog',
        );

        await close(page, dialog, isNarrow);
        await question.getByRole('button', { name: 'Discard' }).click();
        await expect(question).toHaveCount(0);
        await expect(dialog.getByRole('heading', { name: 'Application Form' })).toHaveCount(0);
        if (how === 'Cancel') {
          await expect(dialog.getByRole('button', { name: 'Apply Now' })).toBeFocused();
          await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        }
        await expect(dialog).toHaveCount(0);
        await expect(cardTitle(page, job)).toBeFocused();

        await cardTitle(page, job).click();
        await dialog.getByRole('button', { name: 'Apply Now' }).click();
        await expect(field(dialog, 'Full Name')).toHaveValue('');
        await expect(field(dialog, 'Cover Letter')).toHaveValue('');
      },
    );
  }

  test(
    'an empty form closes with Escape at once, without asking, and focus returns to the card',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(discardQuestion(page)).toHaveCount(0);
      await expect(cardTitle(page, job)).toBeFocused();
    },
  );

  test(
    "Back on a filled form asks first: Keep editing stays on the job's URL, Discard closes the modal",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      await field(dialog, 'Full Name').fill('Asha Rao');
      const jobUrl = page.url();

      await page.goBack();
      const question = discardQuestion(page);
      await expect(question).toBeVisible();
      await expect(page).toHaveURL(jobUrl);
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await expect(field(dialog, 'Full Name')).toHaveValue('Asha Rao');
      await expect(page).toHaveURL(jobUrl);

      await page.goBack();
      await question.getByRole('button', { name: 'Discard' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/career$/);
    },
  );

  test("'Apply Now' reveals the 'Application Form' and scrolls it into view", async ({ page, createJob }, testInfo) => {
    const long = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of the role description.`).join('\n');
    const job = await createJob(jobInput(uniqueTag(testInfo), { description: long }));
    await openBoard(page);
    const dialog = await openJob(page, job);
    const heading = dialog.getByRole('heading', { name: 'Application Form' });
    await expect(heading).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    expect(await dialog.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });

  test(
    "opening a card pushes the job page's URL and Back closes the modal",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      await openBoard(page);
      const dialog = await openJob(page, job);
      await expect(page).toHaveURL(new RegExp(`/career/jobs/${job.id}-embedded-firmware-engineer-`));
      await page.goBack();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/career$/);
      await expect(cardTitle(page, job)).toBeFocused();
      await page.goForward();
      await expect(jobDialog(page, job)).toBeVisible();
    },
  );

  test('has no axe violations with the details and with the form open', async ({ page, createJob, axe }, testInfo) => {
    test.slow(); // axe on a shared 2-core machine
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    const dialog = await openJob(page, job);
    expect(await axe('dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog)).toContainText('Please fill all * fields before submitting');
    expect(await axe('dialog')).toEqual([]);
  });
});
