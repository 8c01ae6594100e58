import { SPAM_MESSAGE } from '../../src/lib/spam';
import { apiTest as test, expect, fillHoneypot } from './fixtures';
import { holdRoute } from './held-route';
import {
  MB,
  SUCCESS,
  uniqueTag,
  jobInput,
  pdfBytes,
  pdfFile,
  docxFile,
  jobDialog,
  openForm,
  field,
  fillForm,
  applicant,
  dialogToast,
  formAlert,
  chosenFiles,
  discardQuestion,
  card,
  cardTitle,
  openBoard,
} from './careers-helpers';

/* ---------- sending ---------- */

test.describe('careers › sending an application', () => {
  test("shows 'Submitting...', then the success toast; the applicant exists with trimmed values and the same resume bytes", async ({
    page,
    request,
    createJob,
    adminToken,
    listApplicants,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const dialog = await openForm(page, job);
    const values = applicant(tag);
    const resume = docxFile();
    await fillForm(
      dialog,
      {
        ...values,
        name: `  ${values.name}  `,
        phone: ` ${values.phone}  `,
        coverLetter: `\n  ${values.coverLetter}   \n`,
      },
      resume,
    );

    const release = await holdRoute(page, '**/api/applicants/apply');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    release();

    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Said once, where focus lands: the confirmation, no toast beside it.
    await expect(page.getByTestId('applied-confirmation')).toBeFocused();
    await expect(page.getByText(SUCCESS)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0);

    const stored = (await listApplicants()).find((a) => a.email === values.email);
    expect(stored).toMatchObject({
      jobId: job.id,
      jobTitle: job.title,
      department: job.department,
      name: values.name,
      email: values.email,
      phone: values.phone,
      linkedin: values.linkedin,
      coverLetter: values.coverLetter,
      status: 'pending',
      resume: { kind: 'docx', size: resume.buffer.length },
    });
    const download = await request.get(`/api/applicants/${stored!.id}/download`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(Buffer.compare(await download.body(), resume.buffer)).toBe(0);
  });

  test(
    'the progress bar follows the upload, and Cancel aborts an upload in flight',
    { tag: '@once' },
    async ({ page, createJob, listApplicants }, testInfo) => {
      test.slow(); // two throttled uploads
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      /** Uploads at most `bytesPerSecond` (-1: no limit). */
      const uploadAt = (bytesPerSecond: number) =>
        cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: bytesPerSecond,
        });
      // Slow the upload (about 6 s for the 1.2 MB resume) so the progress can be watched and cancelled.
      await uploadAt(200 * 1024);

      const values = applicant(tag);
      let dialog = await openForm(page, job);
      await fillForm(dialog, values, pdfFile(pdfBytes(1.2 * MB)));
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [50], timeout: 10_000 })
        .toBeGreaterThan(0);
      const midway = Number(await bar.getAttribute('aria-valuenow'));
      expect(midway).toBeLessThan(100);
      await expect(bar).toBeVisible();

      const aborted = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/applicants/apply'));
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await aborted;
      // The upload stops at once; the filled form goes only once the visitor confirms.
      await discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
      await expect(dialog.getByRole('heading', { name: 'Application Form' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Apply Now' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit application' })).toHaveCount(0);

      // The same upload, not cancelled, climbs to 100 and succeeds: had the cancelled one been stored,
      // the one-application-per-job rule would refuse this one.
      await dialog.getByRole('button', { name: 'Apply Now' }).click();
      dialog = jobDialog(page, job);
      await fillForm(dialog, values, pdfFile(pdfBytes(1.2 * MB)));
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(bar).toHaveAttribute('aria-valuenow', /^([1-9]\d?)$/, { timeout: 10_000 });
      // Seen midway: the rest of the upload may go at full speed.
      await uploadAt(-1);
      await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
      expect((await listApplicants()).filter((a) => a.email === values.email)).toHaveLength(1);

      // Detaching ends the throttle, which Playwright would otherwise leave on the tab the next test reuses.
      await cdp.detach();
    },
  );

  test(
    'a second application from the same address is answered as the first, and the team holds one',
    { tag: '@once' },
    async ({ page, request, createJob, listApplicants }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      const values = applicant(tag);
      const seeded = await request.post('/api/applicants/apply', {
        multipart: { jobId: String(job.id), ...values, consent: 'true', resume: pdfFile() },
      });
      expect(seeded.status()).toBe(201);

      // Nobody learns from the form whether an address applied: its owner is mailed instead.
      const dialog = await openForm(page, job);
      await fillForm(dialog, values, pdfFile(pdfBytes(8192), 'asha-rao.pdf'));
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
      expect((await listApplicants()).filter((a) => a.email === values.email)).toHaveLength(1);
    },
  );

  test(
    'a damaged fake.pdf is refused by the server with "does not look like a PDF, DOC or DOCX", once, at the resume field',
    { tag: '@once' },
    async ({ page, createJob, listApplicants }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      const dialog = await openForm(page, job);
      const values = applicant(tag);
      const fake = {
        name: 'fake.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('Asha Rao, CV, saved as text.'),
      };
      await fillForm(dialog, values, fake);
      // The browser only sees the name and type, which are allowed.
      await expect(field(dialog, 'Resume')).not.toHaveAttribute('aria-invalid', 'true');

      const answer = page.waitForResponse('**/api/applicants/apply');
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      expect((await answer).status()).toBe(415);
      const message =
        'This file does not look like a PDF, DOC or DOCX document. Export it again from your editor and retry.';
      await expect(field(dialog, 'Resume')).toHaveAccessibleDescription(
        new RegExp(`^${message.replace(/\./g, '\\.')}`),
      );
      await expect(field(dialog, 'Resume')).toBeFocused();
      await expect(page.getByText(message)).toHaveCount(1);
      await expect(page.getByText('Only PDF, DOC, and DOCX files are allowed')).toHaveCount(0);
      await expect(formAlert(dialog)).toHaveCount(0);
      await expect(dialogToast(dialog)).toHaveCount(0);
      await expect(field(dialog, 'Cover Letter')).toHaveValue(values.coverLetter);

      // A real PDF chosen instead clears the message and goes through.
      await field(dialog, 'Resume').setInputFiles(pdfFile());
      await expect(page.getByText(message)).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
      expect((await listApplicants()).filter((a) => a.email === values.email)).toHaveLength(1);
    },
  );

  test(
    'a bot that fills the hidden honeypot gets the neutral answer, nothing is stored and the values stay',
    { tag: '@once' },
    async ({ page, createJob, listApplicants }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      const dialog = await openForm(page, job);
      const values = applicant(tag);
      await fillForm(dialog, values);
      await fillHoneypot(dialog);

      const answer = page.waitForResponse('**/api/applicants/apply');
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      expect((await answer).status()).toBe(400);
      await expect(formAlert(dialog)).toHaveText(SPAM_MESSAGE);
      await expect(field(dialog, 'Email')).toHaveValue(values.email);
      expect((await listApplicants()).filter((a) => a.email === values.email)).toEqual([]);
    },
  );

  test(
    "falls back to 'Failed to submit application' when the server gives no message",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      await page.route('**/api/applicants/apply', (route) => route.fulfill({ status: 500, body: '' }));
      const dialog = await openForm(page, job);
      await fillForm(dialog, applicant(tag));
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(formAlert(dialog)).toHaveText('Failed to submit application');
      await expect(page.getByText('Failed to submit application')).toHaveCount(1);
      await expect(dialogToast(dialog)).toHaveCount(0);
      await expect(field(dialog, 'Full Name')).toHaveValue('Asha Rao');
    },
  );

  test(
    "shows 'Failed to submit application. Please try again.' when the network fails, keeping the values",
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      await page.route('**/api/applicants/apply', (route) => route.abort('internetdisconnected'));
      const dialog = await openForm(page, job);
      const values = applicant(tag);
      await fillForm(dialog, values);
      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect(formAlert(dialog)).toHaveText('Failed to submit application. Please try again.');
      await expect(dialogToast(dialog)).toHaveCount(0);
      await expect(field(dialog, 'Email')).toHaveValue(values.email);
      await expect(field(dialog, 'Cover Letter')).toHaveValue(values.coverLetter);
      expect(await chosenFiles(field(dialog, 'Resume'))).toEqual(['resume.pdf']);
      await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    },
  );

  test('after a success, the one confirmation takes focus, and the card says Applied for this visit', async ({
    page,
    createJob,
    axe,
  }, testInfo) => {
    test.slow(); // an upload and axe on a shared 2-core machine
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const other = await createJob(jobInput(tag, { title: `Other role ${tag}` }));
    const dialog = await openForm(page, job);
    const values = applicant(tag);
    await fillForm(dialog, values);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();

    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const confirmation = page.getByTestId('applied-confirmation');
    await expect(confirmation).toBeFocused();
    // Scrolled to in full, not left under the header or cut short by the dialog's return to the card.
    await expect
      .poll(() => confirmation.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeGreaterThan(0);
    await expect(confirmation).toBeInViewport();
    await expect(confirmation.getByRole('heading')).toHaveText(
      `✓ Your application for ${job.title} has been received.`,
    );
    await expect(confirmation).toContainText(`We have e-mailed a receipt to ${values.email}.`);
    await expect(confirmation).toContainText('What happens next: A member of the team reads every application.');
    await expect(card(page, job).getByTestId('job-applied')).toHaveText('✓ Applied');
    await expect(card(page, other).getByTestId('job-applied')).toHaveCount(0);
    expect(await axe('main')).toEqual([]);

    // The mark lasts for the visit; the confirmation, once read, can be dismissed.
    await confirmation.getByRole('button', { name: 'Dismiss' }).click();
    await expect(confirmation).toHaveCount(0);
    await page.reload();
    await expect(cardTitle(page, job)).toBeVisible();
    await expect(card(page, job).getByTestId('job-applied')).toBeVisible();
    await openBoard(page);
    await expect(card(page, job).getByTestId('job-applied')).toBeVisible();
  });
});
