import type { Page } from '@playwright/test';
import { docxWithText, pdfWithText } from '../../support/files';
import { adminTest as test, expect } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A word no other test's resume holds: letters only, unique per test and project. */
const uniqueWord = (title: string, project: string) =>
  `zq${Buffer.from(`${title}${project}`)
    .toString('hex')
    .slice(-10)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'k')}`;

/** Waits until the server has read every given applicant's resume text (a state the API reports). */
async function textsRead(applicants: () => Promise<{ id: number; resume: { text: string } }[]>, ids: number[]) {
  await expect
    .poll(async () => (await applicants()).filter((a) => ids.includes(a.id)).map((a) => a.resume.text))
    .toEqual(ids.map(() => 'ready'));
}

/** The applicant's dialog, opened from their card. */
async function openDialog(page: Page, name: string) {
  const admin = new AdminPage(page);
  await admin.goto('Applicants');
  await admin.applicantCard(name).getByRole('button', { name: /^View/ }).click();
  await expect(admin.dialog).toBeVisible();
  return admin.dialog;
}

test.describe('admin › resumes', () => {
  test('previews a PDF resume drawn on canvas, with no axe violation', async ({
    loggedInPage: page,
    adminApi: api,
    axe,
  }) => {
    const job = await api.createJob();
    const applicant = await api.seedApplicant({
      job,
      resume: {
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(pdfWithText([['Firmware engineer, eight years'], ['Zephyr RTOS, Cortex-M4, BLE']])),
      },
    });
    const dialog = await openDialog(page, applicant.name);
    await dialog.getByRole('button', { name: 'Preview resume' }).click();
    const preview = dialog.getByRole('region', { name: `Resume of ${applicant.name}` });
    await expect(preview.getByRole('img', { name: 'Page 1 of 2' })).toBeVisible();
    await expect(preview.getByRole('img', { name: 'Page 2 of 2' })).toBeAttached();
    // The first page holds ink: pdf.js drew the text, not a blank sheet.
    await expect
      .poll(() =>
        preview.getByRole('img', { name: 'Page 1 of 2' }).evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark += 1;
          return dark;
        }),
      )
      .toBeGreaterThan(100);
    await preview.scrollIntoViewIfNeeded();
    expect(await axe('dialog')).toEqual([]);
  });

  test('previews a DOCX resume as text, with no axe violation', async ({ loggedInPage: page, adminApi: api, axe }) => {
    const job = await api.createJob();
    const applicant = await api.seedApplicant({
      job,
      resume: {
        name: 'cv.docx',
        mimeType: DOCX,
        buffer: Buffer.from(docxWithText(['Meera Iyer', 'Built <b>OTA</b> updates for 40,000 gateways'])),
      },
    });
    const dialog = await openDialog(page, applicant.name);
    await dialog.getByRole('button', { name: 'Preview resume' }).click();
    const preview = dialog.getByRole('region', { name: `Resume of ${applicant.name}` });
    await expect(preview.getByRole('heading', { name: 'Meera Iyer' })).toBeVisible();
    // Markup typed in the document is text in the preview, never an element.
    await expect(preview.getByText('Built <b>OTA</b> updates for 40,000 gateways')).toBeVisible();
    await preview.scrollIntoViewIfNeeded();
    expect(await axe('dialog')).toEqual([]);
  });

  test('finds an applicant by a word that only their resume holds, and marks it', async ({
    loggedInPage: page,
    adminApi: api,
    axe,
  }, info) => {
    const word = uniqueWord(info.title, info.project.name);
    const job = await api.createJob();
    const found = await api.seedApplicant({
      job,
      resume: {
        name: 'cv.docx',
        mimeType: DOCX,
        buffer: Buffer.from(docxWithText(['Curriculum vitae', `Ported ${word} to RISC-V boards`])),
      },
    });
    const other = await api.seedApplicant({ job });
    await textsRead(api.applicants, [found.id]);

    const admin = new AdminPage(page);
    await admin.goto('Applicants');
    const search = page.getByRole('searchbox', { name: /cover letter and resume text/ });
    await expect(search).toHaveAttribute('placeholder', 'Name, e-mail, job, cover letter, resume');
    await search.fill(word);
    const card = admin.applicantCard(found.name);
    await expect(card.locator('mark')).toHaveText(word);
    await expect(card.getByText(`Ported ${word} to RISC-V boards`)).toBeVisible();
    await expect(admin.applicantCard(other.name)).toHaveCount(0);
    await expect(page.getByText('Showing 1 of')).toBeVisible();
    expect(await axe('main')).toEqual([]);
  });

  test("lists the person's other applications and opens one", async ({ loggedInPage: page, adminApi: api }) => {
    const first = await api.createJob({ title: 'Zephyr Firmware Lead' });
    const second = await api.createJob({ title: 'Edge Gateway Engineer' });
    const phone = `+91 9${String(Date.now()).slice(-9)}`;
    const earlier = await api.seedApplicant({ job: first, phone });
    await api.setStatus(earlier.id, 'shortlisted');
    // Another e-mail address, the same phone written differently: the same person.
    const later = await api.seedApplicant({ job: second, phone: phone.replace('+91 ', '0') });
    const dialog = await openDialog(page, later.name);
    const others = dialog.getByRole('region', { name: 'Other applications of this person' });
    await expect(others.getByRole('listitem')).toHaveCount(1);
    await expect(others.getByRole('listitem')).toContainText(first.title);
    await expect(others.getByRole('listitem')).toContainText('Shortlisted');
    await others.getByRole('button', { name: `Open the application for ${first.title}` }).click();
    await expect(page.getByRole('dialog', { name: earlier.name })).toContainText(first.title);
    await expect(
      page.getByRole('dialog').getByRole('region', { name: 'Other applications of this person' }),
    ).toContainText(second.title);
  });
});
