import { apiTest as test, expect } from './fixtures';
import { HOSTILE, MARKDOWN, card, expectInert, jobInput, openBoard, openJob, uniqueTag } from './careers-helpers';

/* Job descriptions are a safe Markdown subset (src/lib/job-description.ts): what the board and the modal show. */

test.describe('careers › job descriptions in Markdown', () => {
  test('the modal renders headings, lists, emphasis and safe links, with no second "About the role"', async ({
    page,
    createJob,
    axe,
  }, testInfo) => {
    test.slow(); // axe on a shared 2-core machine
    const job = await createJob(jobInput(uniqueTag(testInfo), { description: MARKDOWN }));
    await openBoard(page);
    const dialog = await openJob(page, job);
    const description = dialog.getByTestId('job-full-description');
    await expect(description.getByRole('heading', { level: 3, name: 'About the role' })).toBeVisible();
    await expect(description.getByRole('heading', { level: 3, name: 'What you bring' })).toBeVisible();
    await expect(description.getByRole('listitem')).toHaveText(['C and Rust', 'An RTOS you know well']);
    await expect(description.locator('strong')).toHaveText('own');
    await expect(description.locator('em')).toHaveText('firmware');
    const link = description.getByRole('link', { name: 'our engineering blog' });
    await expect(link).toHaveAttribute('href', 'https://example.com/blog');
    await expect(link).toHaveAttribute('rel', 'nofollow noopener');
    await expect(dialog).not.toContainText('##');
    await expect(dialog).not.toContainText('**');
    // The description's own heading replaces the generic one, which screen readers hear as 'Job description'.
    await expect(dialog.getByRole('heading', { name: 'About the role' })).toHaveCount(1);
    await expect(dialog.getByRole('heading', { level: 3, name: 'Job description' })).toHaveClass(/sr-only/);
    expect(await axe('dialog')).toEqual([]);
  });

  test('the card clamps the text without Markdown marks or headings', async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo), { description: MARKDOWN }));
    await openBoard(page);
    const text = card(page, job).getByTestId('job-description');
    await expect(text).toHaveText(
      'You will own the firmware our agents generate. C and Rust An RTOS you know well Read our engineering blog.',
    );
  });

  test(
    'hostile input stays text in the modal and on the card',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo), { description: HOSTILE }));
      await openBoard(page);
      await expect(card(page, job).getByTestId('job-description')).toContainText('<script>window.pwned = 1</script>');
      const dialog = await openJob(page, job);
      await expectInert(page, dialog.getByTestId('job-full-description'));
    },
  );
});
