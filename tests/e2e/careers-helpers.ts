/** Shared data and page helpers of the careers board specs. */
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { Job, JobInput } from '../../src/lib/schemas';
import { expect, fillApplicationForm } from './fixtures';
import { docxBytes as minimalDocx, pdfBytes as pdfOfSize } from '../../support/files';

/* ---------- data ---------- */

export const MB = 1024 * 1024;
export const SUCCESS = 'Application submitted successfully! We will review your application and get back to you soon.';
export const COVER_LETTER =
  'I have shipped INT8 vision pipelines on edge modules for four years and would love to build the agents that do it.';

/** A unique suffix per test and project: both projects share one database and run in parallel. */
export const uniqueTag = (testInfo: TestInfo) => `${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;

export const jobInput = (tag: string, overrides: Partial<JobInput> = {}): JobInput => ({
  title: `Embedded Firmware Engineer ${tag}`,
  department: `Embedded ${tag}`,
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  salaryRange: '₹18–28 LPA',
  description:
    'Own the firmware our agents generate.\nReview drivers for sensors and modems.\nBuild hardware-in-the-loop rigs.',
  ...overrides,
});

/** A real PDF (the server sniffs `%PDF-`) of exactly `size` bytes, and a minimal DOCX, as Buffers. */
export const pdfBytes = (size = 4096) => Buffer.from(pdfOfSize(Math.round(size)));
const docxBytes = () => Buffer.from(minimalDocx());

export const pdfFile = (buffer = pdfBytes(), name = 'resume.pdf') => ({ name, mimeType: 'application/pdf', buffer });
export const docxFile = () => ({
  name: 'resume.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: docxBytes(),
});

/* ---------- descriptions in Markdown ---------- */

export const MARKDOWN = [
  '## About the role',
  '',
  'You will **own** the *firmware* our agents generate.',
  '',
  '### What you bring',
  '- C and Rust',
  '- An RTOS you know well',
  '',
  'Read [our engineering blog](https://example.com/blog).',
].join('\n');

/** Each hostile piece sets window.pwned if it ever runs. */
export const HOSTILE = [
  '<script>window.pwned = 1</script>',
  '',
  'Hi <img src="/x.png" onerror="window.pwned = 2"> <b onmouseover="window.pwned = 3">bold</b>',
  '',
  '[click me](javascript:window.pwned=4) [and me](JaVaScRiPt&#58;window.pwned=5) ![logo](/images/logo.svg)',
  '',
  '<div onclick="window.pwned = 6">',
  '',
  '**still Markdown**',
  '',
  '</div>',
].join('\n');

/** Renders the description and proves nothing in it became live: no script, image, handler or javascript: link. */
export async function expectInert(page: Page, description: Locator) {
  await expect(description).toContainText('<script>window.pwned = 1</script>');
  await expect(description).toContainText('<img src="/x.png" onerror="window.pwned = 2">');
  await expect(description.locator('strong')).toHaveText('still Markdown');
  await expect(description.locator('script, img, b, div, [onerror], [onclick], [onmouseover]')).toHaveCount(0);
  await expect(description.locator('a')).toHaveCount(0);
  await expect(description).toContainText('click me and me logo');
  await description.hover();
  await description.click({ position: { x: 5, y: 5 } });
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
}

/* ---------- page helpers ---------- */

/** A card's title: the link to the job's page that opens its details on the board. */
export const cardTitle = (page: Page, job: Pick<Job, 'title'>) =>
  page.getByRole('link', { name: job.title, exact: true });
export const card = (page: Page, job: Pick<Job, 'title'>) =>
  page.locator('article').filter({ has: cardTitle(page, job) });
export const jobDialog = (page: Page, job: Pick<Job, 'title'>) => page.getByRole('dialog', { name: job.title });
export const positions = (page: Page) => page.getByRole('list', { name: 'Open positions' });

export async function openBoard(page: Page, path = '/career') {
  await page.goto(path);
}

export async function openJob(page: Page, job: Pick<Job, 'title'>): Promise<Locator> {
  await cardTitle(page, job).click();
  const dialog = jobDialog(page, job);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function openForm(page: Page, job: Pick<Job, 'title'>): Promise<Locator> {
  await openBoard(page);
  const dialog = await openJob(page, job);
  await dialog.getByRole('button', { name: 'Apply Now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Application Form' })).toBeVisible();
  return dialog;
}

/** Labels end with an aria-hidden ' *' on required fields, so they are matched as a prefix. */
export const field = (dialog: Locator, label: string) => dialog.getByLabel(label);

export type Applicant = { name: string; email: string; phone: string; linkedin: string; coverLetter: string };

export const fillForm = (
  dialog: Locator,
  values: Applicant,
  file: Parameters<Locator['setInputFiles']>[0] = pdfFile(),
) => fillApplicationForm(dialog, values, file);

export const applicant = (tag: string): Applicant => ({
  name: 'Asha Rao',
  email: `asha.${tag}@example.org`,
  phone: '+91 98450 12345',
  linkedin: 'https://www.linkedin.com/in/asha-rao',
  coverLetter: COVER_LETTER,
});

/** The toast shown inside the open modal (the page's own toaster sits under the backdrop). */
export const dialogToast = (dialog: Locator) =>
  dialog.getByRole('alert').filter({ has: dialog.page().getByRole('button', { name: 'Dismiss notification' }) });
export const formAlert = (dialog: Locator) => dialog.locator('form [role="alert"]');
/** The question asked before a filled application form is closed. */
export const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Discard your application?' });
export const chosenFiles = (input: Locator) =>
  input.evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((f) => f.name));
