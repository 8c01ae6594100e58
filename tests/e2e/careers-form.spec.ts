import { apiTest as test, expect } from './fixtures';
import {
  MB,
  COVER_LETTER,
  uniqueTag,
  jobInput,
  pdfBytes,
  pdfFile,
  docxFile,
  openForm,
  field,
  applicant,
  formAlert,
  chosenFiles,
} from './careers-helpers';

/* ---------- application form ---------- */

type Rule = {
  label: string;
  first: [value: string, message: string];
  changes: [value: string, message: string][];
  valid: string;
};

const rules: Rule[] = [
  {
    label: 'Full Name',
    first: ['   ', 'Name is required'],
    changes: [
      ['A', 'Name must be at least 2 characters'],
      ['R2 D2', 'Name can only contain letters, spaces, apostrophes, hyphens and periods'],
    ],
    valid: "Seán O'Brien-Kelly",
  },
  {
    label: 'Email',
    first: ['', 'Email is required'],
    changes: [
      ['asha@example', 'Please enter a valid email address'],
      ['asha rao@example.org', 'Please enter a valid email address'],
    ],
    valid: 'asha@example.org',
  },
  {
    label: 'Phone',
    first: ['', 'Phone number is required'],
    changes: [
      ['98450 123', 'Please enter a valid phone number (10-15 digits)'],
      ['+91 98450-12345-678901', 'Please enter a valid phone number (10-15 digits)'],
    ],
    valid: '(080) 4123-4567',
  },
  {
    label: 'LinkedIn Profile (optional)',
    first: ['https://example.com/in/asha', 'Please enter a valid LinkedIn profile URL'],
    changes: [['linkedin.com/feed/', 'Please enter a valid LinkedIn profile URL']],
    valid: 'https://in.linkedin.com/in/asha-rao-5b2a1b17/?originalSubdomain=in',
  },
  {
    label: 'Cover Letter',
    first: ['', 'Cover letter is required'],
    changes: [
      ['Too short.', 'Cover letter must be at least 50 characters'],
      [`   ${'x'.repeat(49)}     `, 'Cover letter must be at least 50 characters'],
    ],
    valid: COVER_LETTER,
  },
];

test.describe('careers › application form', () => {
  for (const rule of rules) {
    test(
      `${rule.label}: validates on blur, then on every change, with the fixed messages`,
      { tag: '@once' },
      async ({ page, createJob }, testInfo) => {
        const job = await createJob(jobInput(uniqueTag(testInfo)));
        const dialog = await openForm(page, job);
        const input = field(dialog, rule.label);

        await input.fill(rule.first[0]);
        await expect(input).not.toHaveAttribute('aria-invalid', 'true');
        await input.blur();
        await expect(input).toHaveAttribute('aria-invalid', 'true');
        await expect(input).toHaveAccessibleDescription(new RegExp(`^${rule.first[1].replace(/[()]/g, '\\$&')}`));
        await expect(dialog.getByText(rule.first[1], { exact: true })).toBeVisible();

        await input.focus();
        for (const [value, message] of rule.changes) {
          await input.fill(value);
          await expect(dialog.getByText(message, { exact: true })).toBeVisible();
          await expect(input).toBeFocused();
        }
        await input.fill(rule.valid);
        await expect(input).not.toHaveAttribute('aria-invalid', 'true');
        for (const [, message] of [rule.first, ...rule.changes])
          await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);
      },
    );
  }

  test(
    "submit marks every field: required messages, 'Please fill all * fields before submitting', focus on the first",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(formAlert(dialog).locator('p').first()).toHaveText('Please fill all * fields before submitting');
      await expect(formAlert(dialog).getByText('6 fields to fix:')).toBeVisible();
      await expect(formAlert(dialog).getByRole('link')).toHaveText([
        'Full Name',
        'Email',
        'Phone',
        'Cover Letter',
        'Resume',
        'Consent',
      ]);
      for (const message of [
        'Name is required',
        'Email is required',
        'Phone number is required',
        'Cover letter is required',
        'Resume is required',
        'Please agree to the privacy notice to apply',
      ]) {
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(field(dialog, 'LinkedIn Profile (optional)')).not.toHaveAttribute('aria-invalid', 'true');
      await expect(field(dialog, 'Full Name')).toBeFocused();
      await expect(field(dialog, 'Full Name')).toBeInViewport();

      // After a submit every field is touched: typing fixes its message at once.
      await field(dialog, 'Email').fill('asha@example.org');
      await expect(dialog.getByText('Email is required', { exact: true })).toHaveCount(0);
    },
  );

  test('submit scrolls to and focuses the first errored field further down', async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const dialog = await openForm(page, job);
    const values = applicant(tag);
    await field(dialog, 'Full Name').fill(values.name);
    await field(dialog, 'Email').fill(values.email);
    await field(dialog, 'Phone').fill(values.phone);
    await field(dialog, 'Cover Letter').fill('Too short.');
    await dialog.evaluate((el) => el.scrollTo(0, 0));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog).locator('p').first()).toHaveText('Please fill all * fields before submitting');
    await expect(field(dialog, 'Cover Letter')).toBeFocused();
    await expect(field(dialog, 'Cover Letter')).toBeInViewport();
    await expect(dialog.getByText('Cover letter must be at least 50 characters')).toBeVisible();
    await expect(dialog.getByText('Resume is required')).toBeVisible();
    // The banner names what to fix, each a link to its field.
    const links = formAlert(dialog).getByRole('link');
    await expect(links).toHaveText(['Cover Letter', 'Resume', 'Consent']);
    await links.filter({ hasText: 'Resume' }).click();
    await expect(field(dialog, 'Resume')).toBeFocused();
  });

  test(
    'the resume accepts a PDF and a DOCX and rejects (and clears) a 6 MB file and a .txt file',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      const resume = field(dialog, 'Resume');
      await expect(resume).toHaveAttribute('accept', /\.pdf,\.doc,\.docx/);

      await resume.setInputFiles(pdfFile(pdfBytes(6 * MB), 'big.pdf'));
      await expect(dialog.getByText('File size must be less than 5MB', { exact: true })).toBeVisible();
      await expect(resume).toHaveAttribute('aria-invalid', 'true');
      expect(await chosenFiles(resume)).toEqual([]);

      await resume.setInputFiles({
        name: 'resume.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Asha Rao, firmware engineer'),
      });
      await expect(dialog.getByText('Only PDF, DOC, and DOCX files are allowed', { exact: true })).toBeVisible();
      expect(await chosenFiles(resume)).toEqual([]);
      // The reason stays as the visitor moves on, and after a submit, until a valid file is chosen.
      await resume.focus();
      await page.keyboard.press('Tab');
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(dialog.getByText('Only PDF, DOC, and DOCX files are allowed', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Resume is required', { exact: true })).toHaveCount(0);

      await resume.setInputFiles(pdfFile());
      await expect(resume).not.toHaveAttribute('aria-invalid', 'true');
      await expect(dialog.getByText('Only PDF, DOC, and DOCX files are allowed')).toHaveCount(0);
      expect(await chosenFiles(resume)).toEqual(['resume.pdf']);

      await resume.setInputFiles(docxFile());
      await expect(resume).not.toHaveAttribute('aria-invalid', 'true');
      expect(await chosenFiles(resume)).toEqual(['resume.docx']);
    },
  );

  test(
    'the cover letter says its length up front, counts live, speaks only at milestones and stops at 1,000',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      const cover = field(dialog, 'Cover Letter');
      const milestone = dialog.getByTestId('cover-letter-milestone');
      await expect(dialog.getByText('0/1000 characters')).toBeVisible();
      // The length it asks for is said before anyone types; the count is read with it, not spoken on each key.
      await expect(cover).toHaveAccessibleDescription('50 to 1000 characters. 0/1000 characters');
      await expect(milestone).toHaveAttribute('aria-live', 'polite');
      await cover.pressSequentially('Hello');
      await expect(dialog.getByText('5/1000 characters')).toBeVisible();
      await expect(milestone).toHaveText('');
      await cover.fill('y'.repeat(60));
      await expect(milestone).toHaveText('The 50-character minimum is reached.');
      await cover.fill('y'.repeat(1100));
      await expect(cover).toHaveValue('y'.repeat(1000));
      await expect(dialog.getByText('1000/1000 characters')).toBeVisible();
      await expect(milestone).toHaveText('The 1000-character limit is reached.');
      await expect(cover).toHaveAttribute('maxlength', '1000');
    },
  );
});
