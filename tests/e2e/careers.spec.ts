import { crc32 } from 'node:zlib';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { Job, JobInput } from '../../src/lib/schemas';
import { SPAM_MESSAGE } from '../../src/lib/spam';
import { apiTest as test, expect, fillHoneypot } from './fixtures';

/* ---------- data ---------- */

const MB = 1024 * 1024;
const SUCCESS = 'Application submitted successfully! We will review your application and get back to you soon.';
const COVER_LETTER =
  'I have shipped INT8 vision pipelines on edge modules for four years and would love to build the agents that do it.';

/** A unique suffix per test and project: both projects share one database and run in parallel. */
const uniqueTag = (testInfo: TestInfo) => `${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;

const jobInput = (tag: string, overrides: Partial<JobInput> = {}): JobInput => ({
  title: `Embedded Firmware Engineer ${tag}`,
  department: `Embedded ${tag}`,
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  salaryRange: '₹18–28 LPA',
  description: 'Own the firmware our agents generate.\nReview drivers for sensors and modems.\nBuild hardware-in-the-loop rigs.',
  ...overrides,
});

/** A small but real PDF (the server sniffs `%PDF-`), padded to `size` bytes. */
function pdfBytes(size = 4096): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n');
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const padding = Buffer.alloc(Math.max(0, size - head.length - tail.length), '%');
  return Buffer.concat([head, padding, tail]);
}

/** A tiny DOCX: a stored (uncompressed) zip holding `[Content_Types].xml` and `word/document.xml`. */
function docxBytes(): Buffer {
  const entries = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    {
      name: 'word/document.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Asha Rao, firmware engineer</w:t></w:r></w:p></w:body></w:document>',
      ),
    },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const pdfFile = (buffer = pdfBytes(), name = 'resume.pdf') => ({ name, mimeType: 'application/pdf', buffer });
const docxFile = () => ({
  name: 'resume.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: docxBytes(),
});

/* ---------- page helpers ---------- */

const cardButton = (page: Page, job: Pick<Job, 'title'>) => page.getByRole('button', { name: job.title, exact: true });
const card = (page: Page, job: Pick<Job, 'title'>) => page.locator('article').filter({ has: cardButton(page, job) });
const jobDialog = (page: Page, job: Pick<Job, 'title'>) => page.getByRole('dialog', { name: job.title });
const positions = (page: Page) => page.getByRole('list', { name: 'Open positions' });

async function openBoard(page: Page, path = '/career') {
  await page.goto(path);
}

async function openJob(page: Page, job: Pick<Job, 'title'>): Promise<Locator> {
  await cardButton(page, job).click();
  const dialog = jobDialog(page, job);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openForm(page: Page, job: Pick<Job, 'title'>): Promise<Locator> {
  await openBoard(page);
  const dialog = await openJob(page, job);
  await dialog.getByRole('button', { name: 'Apply Now' }).click();
  await expect(dialog.getByRole('heading', { name: 'Application Form' })).toBeVisible();
  return dialog;
}

/** Labels end with an aria-hidden ' *' on required fields, so they are matched as a prefix. */
const field = (dialog: Locator, label: string) => dialog.getByLabel(label);

type Applicant = { name: string; email: string; phone: string; linkedin: string; coverLetter: string };

async function fillForm(dialog: Locator, values: Applicant, file: Parameters<Locator['setInputFiles']>[0] = pdfFile()) {
  await field(dialog, 'Full Name').fill(values.name);
  await field(dialog, 'Email').fill(values.email);
  await field(dialog, 'Phone').fill(values.phone);
  await field(dialog, 'LinkedIn Profile (optional)').fill(values.linkedin);
  await field(dialog, 'Cover Letter').fill(values.coverLetter);
  await field(dialog, 'Resume').setInputFiles(file);
}

const applicant = (tag: string): Applicant => ({
  name: 'Asha Rao',
  email: `asha.${tag}@example.org`,
  phone: '+91 98450 12345',
  linkedin: 'https://www.linkedin.com/in/asha-rao',
  coverLetter: COVER_LETTER,
});

/** The toast shown inside the open modal (the page's own toaster sits under the backdrop). */
const dialogToast = (dialog: Locator) =>
  dialog.getByRole('alert').filter({ has: dialog.page().getByRole('button', { name: 'Dismiss notification' }) });
const formAlert = (dialog: Locator) => dialog.locator('form [role="alert"]');
const chosenFiles = (input: Locator) => input.evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((f) => f.name));

/* ---------- list ---------- */

test.describe('careers › list', () => {
  test("shows 'Loading positions...' while the jobs load, then the cards", async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/job', async (route) => {
      await released;
      await route.continue();
    });
    await openBoard(page);
    await expect(page.getByText('Loading positions...')).toBeVisible();
    release();
    await expect(cardButton(page, job)).toBeVisible();
    await expect(page.getByText('Loading positions...')).toHaveCount(0);
  });

  test("shows 'No open positions at the moment. Check back soon!' when there are no jobs", async ({ page }) => {
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
    await openBoard(page);
    await expect(page.getByText('No open positions at the moment. Check back soon!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveCount(0);
  });

  test('accepts a bare array of jobs as well as { jobs }', async ({ page }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = { id: 987654, ...jobInput(tag), created_at: new Date().toISOString() };
    await page.route('**/api/job', (route) => route.fulfill({ json: [job] }));
    await openBoard(page);
    await expect(cardButton(page, job)).toBeVisible();
  });

  test("shows 'Failed to load job listings. Please try again later.' when the API fails, and retries", async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    let calls = 0;
    await page.route('**/api/job', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, json: { message: 'Internal error' } });
    });
    await openBoard(page);
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to load job listings. Please try again later.' });
    await expect(failure).toBeVisible({ timeout: 10_000 });
    const failedCalls = calls;
    await page.unroute('**/api/job');
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(cardButton(page, job)).toBeVisible();
    await expect(failure).toHaveCount(0);
    expect(failedCalls).toBeGreaterThanOrEqual(1);
  });

  test("filters by department: 'All' plus each distinct department, the active one pressed", async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const first = await createJob(jobInput(tag, { title: `Firmware Engineer ${tag}`, department: `Firmware ${tag}` }));
    const second = await createJob(jobInput(tag, { title: `Driver Engineer ${tag}`, department: `Firmware ${tag}` }));
    const other = await createJob(jobInput(tag, { title: `Vision Researcher ${tag}`, department: `Research ${tag}` }));
    await openBoard(page);

    const filters = page.getByRole('group', { name: 'Filter positions by department' });
    const all = filters.getByRole('button', { name: 'All', exact: true });
    const firmware = filters.getByRole('button', { name: `Firmware ${tag}`, exact: true });
    const research = filters.getByRole('button', { name: `Research ${tag}`, exact: true });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(firmware).toHaveCount(1);
    await expect(research).toHaveCount(1);
    await expect(firmware).toHaveAttribute('aria-pressed', 'false');

    await firmware.click();
    await expect(firmware).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    await expect(positions(page).getByRole('listitem')).toHaveCount(2);
    await expect(cardButton(page, first)).toBeVisible();
    await expect(cardButton(page, second)).toBeVisible();
    await expect(cardButton(page, other)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('department')).toBe(`Firmware ${tag}`);

    await all.click();
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(cardButton(page, other)).toBeVisible();
  });

  test("shows 'No positions found in this department.' for a department without jobs", async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    await openBoard(page, `/career?department=${encodeURIComponent(`Closed ${tag}`)}`);
    await expect(page.getByText('No positions found in this department.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Show all positions' }).click();
    await expect(cardButton(page, job)).toBeVisible();
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a card shows title, department, location and job type, with the description clamped to three lines', async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const description = Array.from({ length: 12 }, (_, i) => `Sentence ${i + 1} about quantising detection models for edge modules.`).join(' ');
    const job = await createJob(jobInput(tag, { jobType: 'Internship with Full-Time Opportunity', location: 'Remote (India)', description }));
    await openBoard(page);
    const jobCard = card(page, job);
    for (const text of [job.title, job.department, 'Remote (India)', 'Internship with Full-Time Opportunity']) {
      await expect(jobCard).toContainText(text);
    }
    const clamp = await jobCard.getByTestId('job-description').evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        clamp: style.getPropertyValue('-webkit-line-clamp'),
        lines: Math.round(el.clientHeight / parseFloat(style.lineHeight)),
        overflowing: el.scrollHeight > el.clientHeight,
      };
    });
    expect(clamp).toEqual({ clamp: '3', lines: 3, overflowing: true });
  });

  test('the board has no axe violations', async ({ page, createJob, axe }, testInfo) => {
    test.slow(); // axe on a shared 2-core machine
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    await expect(cardButton(page, job)).toBeVisible();
    expect(await axe('main')).toEqual([]);
  });

  test("'Get in Touch' goes to the contact section", async ({ page }) => {
    await page.route('**/api/job', (route) => route.fulfill({ json: { jobs: [] } }));
    await openBoard(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Open Positions' })).toBeVisible();
    await page.getByRole('link', { name: 'Get in Touch' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
  });
});

/* ---------- modal ---------- */

test.describe('careers › modal', () => {
  test('opens on a click with every detail, line breaks kept, within 80vh, body scroll locked', async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1}: responsibilities and skills.`).join('\n');
    const job = await createJob(jobInput(tag, { description: `Own the firmware our agents generate.\nReview drivers.\n${long}` }));
    await openBoard(page);
    await page.evaluate(() => window.scrollTo(0, 200));
    const dialog = await openJob(page, job);

    for (const text of [job.title, job.department, job.location, job.jobType, '₹18–28 LPA']) await expect(dialog).toContainText(text);
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
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await expect(cardButton(page, job)).toBeFocused();
  });

  test('shows no salary when the job has none', async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo), { salaryRange: null }));
    await openBoard(page);
    const dialog = await openJob(page, job);
    await expect(dialog.locator('[data-field="salaryRange"]')).toHaveCount(0);
    await expect(dialog.locator('[data-field="location"]')).toContainText(job.location);
  });

  test('opens with Enter and with Space on a card, and focus moves into the dialog and stays there', async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    for (const key of ['Enter', 'Space']) {
      await cardButton(page, job).focus();
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
      await expect(cardButton(page, job)).toBeFocused();
    }
  });

  const closers: Record<string, (page: Page, dialog: Locator) => Promise<void>> = {
    Escape: (page) => page.keyboard.press('Escape'),
    'the × button': (_page, dialog) => dialog.getByRole('button', { name: 'Close dialog' }).click(),
    'a click on the backdrop': (page) => page.mouse.click(4, 4),
    "Cancel then 'Close'": async (_page, dialog) => {
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog.getByRole('heading', { name: 'Application Form' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: 'Apply Now' })).toBeFocused();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    },
  };

  for (const [how, close] of Object.entries(closers)) {
    test(`closes with ${how}, resets the form and returns focus to the card`, async ({ page, createJob }, testInfo) => {
      const job = await createJob(jobInput(uniqueTag(testInfo)));
      const dialog = await openForm(page, job);
      await field(dialog, 'Full Name').fill('Asha Rao');
      await field(dialog, 'Phone').fill('123');
      await field(dialog, 'Phone').blur();
      await expect(dialog.getByText('Please enter a valid phone number (10-15 digits)')).toBeVisible();

      await close(page, dialog);
      await expect(dialog).toHaveCount(0);
      await expect(cardButton(page, job)).toBeFocused();

      await cardButton(page, job).click();
      await expect(dialog.getByRole('heading', { name: 'Application Form' })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Apply Now' }).click();
      await expect(field(dialog, 'Full Name')).toHaveValue('');
      await expect(field(dialog, 'Phone')).toHaveValue('');
      await expect(dialog.getByText('Please enter a valid phone number (10-15 digits)')).toHaveCount(0);
    });
  }

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

  test("opening a card pushes the job page's URL and Back closes the modal", async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    const dialog = await openJob(page, job);
    await expect(page).toHaveURL(new RegExp(`/career/jobs/${job.id}-embedded-firmware-engineer-`));
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/career$/);
    await expect(cardButton(page, job)).toBeFocused();
    await page.goForward();
    await expect(jobDialog(page, job)).toBeVisible();
  });

  test('has no axe violations with the details and with the form open', async ({ page, createJob, axe }, testInfo) => {
    test.slow(); // axe on a shared 2-core machine
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    await openBoard(page);
    const dialog = await openJob(page, job);
    expect(await axe('dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog)).toHaveText('Please fill all * fields before submitting');
    expect(await axe('dialog')).toEqual([]);
  });
});

/* ---------- application form ---------- */

type Rule = { label: string; first: [value: string, message: string]; changes: [value: string, message: string][]; valid: string };

const rules: Rule[] = [
  {
    label: 'Full Name',
    first: ['   ', 'Name is required'],
    changes: [
      ['A', 'Name must be at least 2 characters'],
      ['R2 D2', 'Name can only contain letters and spaces'],
    ],
    valid: 'Asha Rao',
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
    valid: '+91 98450-12345',
  },
  {
    label: 'LinkedIn Profile (optional)',
    first: ['https://example.com/in/asha', 'Please enter a valid LinkedIn profile URL'],
    changes: [['linkedin.com/feed/', 'Please enter a valid LinkedIn profile URL']],
    valid: 'LinkedIn.com/company/edgecraft',
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
    test(`${rule.label}: validates on blur, then on every change, with the SPEC messages`, async ({ page, createJob }, testInfo) => {
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
      for (const [, message] of [rule.first, ...rule.changes]) await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);
    });
  }

  test("submit marks every field: required messages, 'Please fill all * fields before submitting', focus on the first", async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    const dialog = await openForm(page, job);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog)).toHaveText('Please fill all * fields before submitting');
    for (const message of ['Name is required', 'Email is required', 'Phone number is required', 'Cover letter is required', 'Resume is required']) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(field(dialog, 'LinkedIn Profile (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(dialog, 'Full Name')).toBeFocused();
    await expect(field(dialog, 'Full Name')).toBeInViewport();

    // After a submit every field is touched: typing fixes its message at once.
    await field(dialog, 'Email').fill('asha@example.org');
    await expect(dialog.getByText('Email is required', { exact: true })).toHaveCount(0);
  });

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
    await expect(formAlert(dialog)).toHaveText('Please fill all * fields before submitting');
    await expect(field(dialog, 'Cover Letter')).toBeFocused();
    await expect(field(dialog, 'Cover Letter')).toBeInViewport();
    await expect(dialog.getByText('Cover letter must be at least 50 characters')).toBeVisible();
    await expect(dialog.getByText('Resume is required')).toBeVisible();
  });

  test('the resume accepts a PDF and a DOCX and rejects (and clears) a 6 MB file and a .txt file', async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    const dialog = await openForm(page, job);
    const resume = field(dialog, 'Resume');
    await expect(resume).toHaveAttribute('accept', /\.pdf,\.doc,\.docx/);

    await resume.setInputFiles(pdfFile(pdfBytes(6 * MB), 'big.pdf'));
    await expect(dialog.getByText('File size must be less than 5MB', { exact: true })).toBeVisible();
    await expect(resume).toHaveAttribute('aria-invalid', 'true');
    expect(await chosenFiles(resume)).toEqual([]);

    await resume.setInputFiles({ name: 'resume.txt', mimeType: 'text/plain', buffer: Buffer.from('Asha Rao, firmware engineer') });
    await expect(dialog.getByText('Only PDF, DOC, and DOCX files are allowed', { exact: true })).toBeVisible();
    expect(await chosenFiles(resume)).toEqual([]);

    await resume.setInputFiles(pdfFile());
    await expect(resume).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Only PDF, DOC, and DOCX files are allowed')).toHaveCount(0);
    expect(await chosenFiles(resume)).toEqual(['resume.pdf']);

    await resume.setInputFiles(docxFile());
    await expect(resume).not.toHaveAttribute('aria-invalid', 'true');
    expect(await chosenFiles(resume)).toEqual(['resume.docx']);
  });

  test('the cover letter counts characters live and stops at 1,000', async ({ page, createJob }, testInfo) => {
    const job = await createJob(jobInput(uniqueTag(testInfo)));
    const dialog = await openForm(page, job);
    const cover = field(dialog, 'Cover Letter');
    await expect(dialog.getByText('0/1000 characters')).toBeVisible();
    await cover.pressSequentially('Hello');
    await expect(dialog.getByText('5/1000 characters')).toBeVisible();
    await cover.fill('y'.repeat(1100));
    await expect(cover).toHaveValue('y'.repeat(1000));
    await expect(dialog.getByText('1000/1000 characters')).toBeVisible();
    await expect(cover).toHaveAttribute('maxlength', '1000');
  });
});

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
      { ...values, name: `  ${values.name}  `, phone: ` ${values.phone}  `, coverLetter: `\n  ${values.coverLetter}   \n` },
      resume,
    );

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/applicants/apply', async (route) => {
      await released;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    release();

    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    await expect(dialog).toHaveCount(0);

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
    const download = await request.get(`/api/applicants/${stored!.id}/download`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(Buffer.compare(await download.body(), resume.buffer)).toBe(0);
  });

  test('the progress bar follows the upload, and Cancel aborts an upload in flight', async ({ page, createJob, listApplicants }, testInfo) => {
    test.slow(); // two throttled uploads
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // Slow the upload (about 6 s for the 1.2 MB resume) so the progress can be watched and cancelled.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });

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
    await expect(dialog.getByRole('heading', { name: 'Application Form' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit application' })).toHaveCount(0);
    await page.waitForTimeout(500);
    expect((await listApplicants()).filter((a) => a.email === values.email)).toEqual([]);

    // The same upload, not cancelled, climbs to 100 and succeeds.
    await dialog.getByRole('button', { name: 'Apply Now' }).click();
    dialog = jobDialog(page, job);
    await fillForm(dialog, values, pdfFile(pdfBytes(1.2 * MB)));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(bar).toHaveAttribute('aria-valuenow', /^([1-9]\d?)$/, { timeout: 10_000 });
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible({ timeout: 20_000 });
    expect((await listApplicants()).filter((a) => a.email === values.email)).toHaveLength(1);
  });

  test("shows the server's message in the form and as a toast, keeps every value, and a retry succeeds", async ({
    page,
    request,
    createJob,
    listApplicants,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    const values = applicant(tag);
    const seeded = await request.post('/api/applicants/apply', {
      multipart: { jobId: String(job.id), ...values, resume: pdfFile() },
    });
    expect(seeded.status()).toBe(201);

    const dialog = await openForm(page, job);
    const resume = pdfFile(pdfBytes(8192), 'asha-rao.pdf');
    await fillForm(dialog, values, resume);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    const message = 'You have already applied for this position';
    await expect(formAlert(dialog).first()).toHaveText(message);
    await expect(dialogToast(dialog)).toContainText(message);
    await expect(field(dialog, 'Email')).toHaveAccessibleDescription(message);

    await expect(field(dialog, 'Full Name')).toHaveValue(values.name);
    await expect(field(dialog, 'Email')).toHaveValue(values.email);
    await expect(field(dialog, 'Phone')).toHaveValue(values.phone);
    await expect(field(dialog, 'LinkedIn Profile (optional)')).toHaveValue(values.linkedin);
    await expect(field(dialog, 'Cover Letter')).toHaveValue(values.coverLetter);
    expect(await chosenFiles(field(dialog, 'Resume'))).toEqual(['asha-rao.pdf']);
    await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();

    const retryEmail = `asha.rao.${tag}@example.org`;
    await field(dialog, 'Email').fill(retryEmail);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    const stored = (await listApplicants()).find((a) => a.email === retryEmail);
    expect(stored?.resume).toEqual({ kind: 'pdf', size: resume.buffer.length });
  });

  test('a bot that fills the hidden honeypot gets the neutral answer, nothing is stored and the values stay', async ({
    page,
    createJob,
    listApplicants,
  }, testInfo) => {
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
  });

  test("falls back to 'Failed to submit application' when the server gives no message", async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    await page.route('**/api/applicants/apply', (route) => route.fulfill({ status: 500, body: '' }));
    const dialog = await openForm(page, job);
    await fillForm(dialog, applicant(tag));
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog)).toHaveText('Failed to submit application');
    await expect(dialogToast(dialog)).toContainText('Failed to submit application');
    await expect(field(dialog, 'Full Name')).toHaveValue('Asha Rao');
  });

  test("shows 'Failed to submit application. Please try again.' when the network fails, keeping the values", async ({ page, createJob }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const job = await createJob(jobInput(tag));
    await page.route('**/api/applicants/apply', (route) => route.abort('internetdisconnected'));
    const dialog = await openForm(page, job);
    const values = applicant(tag);
    await fillForm(dialog, values);
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(formAlert(dialog)).toHaveText('Failed to submit application. Please try again.');
    await expect(dialogToast(dialog)).toContainText('Failed to submit application. Please try again.');
    await expect(field(dialog, 'Email')).toHaveValue(values.email);
    await expect(field(dialog, 'Cover Letter')).toHaveValue(values.coverLetter);
    expect(await chosenFiles(field(dialog, 'Resume'))).toEqual(['resume.pdf']);
    await expect(dialog.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
  });
});
