import { apiTest as test, expect, fillApplicationForm } from './fixtures';
import {
  SUCCESS,
  applicant,
  cardTitle,
  chosenFiles,
  discardQuestion,
  field,
  fillForm,
  jobDialog,
  jobInput,
  openForm,
  pdfFile,
  uniqueTag,
} from './careers-helpers';

/* What a visitor typed into an application is kept for the visit until it is sent or discarded. */

const RESTORED_NOTE = 'We kept what you typed earlier in this visit. Please choose your resume again.';

test.describe('careers › application draft', () => {
  test('the text typed in the modal comes back when the job is opened again after leaving the page; the file does not', async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const values = applicant(tag);
    let dialog = await openForm(page, job);
    await field(dialog, 'Full Name').fill(values.name);
    await field(dialog, 'Cover Letter').fill(values.coverLetter);
    await field(dialog, 'Resume').setInputFiles(pdfFile());
    await expect(dialog.getByText(RESTORED_NOTE)).toHaveCount(0);

    // Leaving the page (a link, a reload, a crash) asks nothing: the draft is what keeps the text.
    dialog = await openForm(page, job);
    await expect(dialog.getByText(RESTORED_NOTE)).toBeVisible();
    await expect(field(dialog, 'Full Name')).toHaveValue(values.name);
    await expect(field(dialog, 'Cover Letter')).toHaveValue(values.coverLetter);
    await expect(field(dialog, 'Email')).toHaveValue('');
    expect(await chosenFiles(field(dialog, 'Resume'))).toEqual([]);
  });

  test('each job keeps its own draft', { tag: '@once' }, async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const first = await createJob(jobInput(tag));
    const second = await createJob(jobInput(tag, { title: `Second role ${tag}` }));
    await page.goto(`/career/jobs/${first.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await page.getByLabel('Full Name').fill('Asha Rao');

    await page.goto(`/career/jobs/${second.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByText(RESTORED_NOTE)).toHaveCount(0);
  });

  test('sending the application deletes its draft', { tag: '@once' }, async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const dialog = await openForm(page, job);
    await fillForm(dialog, applicant(tag));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await cardTitle(page, job).click();
    await jobDialog(page, job).getByRole('button', { name: 'Apply Now' }).click();
    await expect(field(dialog, 'Full Name')).toHaveValue('');
    await expect(field(dialog, 'Cover Letter')).toHaveValue('');
    await expect(dialog.getByText(RESTORED_NOTE)).toHaveCount(0);
    // Nothing filled, nothing to ask.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test("the job page's form keeps the same draft: Cancel asks, a reload restores the text, Discard deletes it", async ({
    page,
    createJob,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const values = applicant(tag);
    await page.goto(`/career/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const form = page.getByRole('form', { name: `Application for ${job.title}` });
    await fillApplicationForm(form, values, pdfFile());

    await form.getByRole('button', { name: 'Cancel' }).click();
    const question = discardQuestion(page);
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    // Focus goes back where it was in the form.
    await expect(form.locator(':focus')).toHaveCount(1);
    await expect(field(form, 'Cover Letter')).toHaveValue(values.coverLetter);

    await page.reload();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByText(RESTORED_NOTE)).toBeVisible();
    await expect(field(form, 'Full Name')).toHaveValue(values.name);
    await expect(field(form, 'Email')).toHaveValue(values.email);
    await expect(field(form, 'Cover Letter')).toHaveValue(values.coverLetter);

    // A restored form counts as filled: Cancel asks again.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeFocused();
    await page.reload();
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(field(form, 'Full Name')).toHaveValue('');
    await expect(page.getByText(RESTORED_NOTE)).toHaveCount(0);
  });

  test('the confirm dialog has no axe violations', async ({ page, createJob, axe }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    const dialog = await openForm(page, job);
    await field(dialog, 'Full Name').fill('Asha Rao');
    await page.keyboard.press('Escape');
    await expect(discardQuestion(page)).toBeVisible();
    expect(await axe('dialog[role="alertdialog"]')).toEqual([]);
    await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
