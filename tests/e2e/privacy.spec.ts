import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { consentMessages, PRIVACY_PATH, RETENTION_DEFAULT_DAYS } from '../../src/lib/privacy';
import { noticeSettings } from '../../src/lib/notice-settings';
import { frontmatterVersion } from '../../src/server/features/privacy/notice-version';
import { site } from '../../src/site';
import { parseCsv } from '../helpers/csv';
import { startBuiltServer } from '../helpers/server';
import { readZip } from '../helpers/zip';
import { adminTest as test, expect, samplePdf } from './admin-fixtures';
import { consentBox, fillApplicationForm, hydrate } from './fixtures';
import { AdminPage } from './pages/AdminPage';

const NOTICE_VERSION = frontmatterVersion(readFileSync('content/legal/privacy.mdx', 'utf8'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const COVER_LETTER = 'I build INT8 vision pipelines for edge modules and would like to do that at EdgeCraft AI.';

/** Requests the page sends to the apply endpoint, recorded from now on. */
function applyRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/applicants/apply')) sent.push(request);
  });
  return sent;
}

test.describe('privacy › notice', () => {
  test('/privacy says what is collected, why, who sees it, how long, and how to ask; 400+ words, version shown', async ({
    page,
  }) => {
    await page.goto(PRIVACY_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    for (const heading of [
      'What we collect',
      'Why we use it',
      'Who sees it',
      'How long we keep it',
      'Your rights and how to use them',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main).toContainText(`Version ${NOTICE_VERSION}`);
    await expect(main.getByRole('link', { name: site.emails.privacy })).toHaveAttribute(
      'href',
      `mailto:${site.emails.privacy}`,
    );
    // The limits of the settings the site was built with (the defaults unless the build's environment sets them).
    const { days } = noticeSettings();
    for (const limit of Object.values(days)) await expect(main).toContainText(`${limit} days`);
    // 30 also appears in 'we answer within 30 days': the mail limit is checked in its own sentence.
    await expect(main).toContainText(`deleted from the website’s outbox ${days.mails} days after`);
    const words = (await main.innerText()).split(/\s+/).filter((word) => /[A-Za-z]/.test(word));
    expect(words.length).toBeGreaterThanOrEqual(400);
    await expect(page.locator('astro-island')).toHaveCount(0);
  });

  test('is linked from the footer of every page and from the contact form', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice', exact: true }),
    ).toHaveAttribute('href', PRIVACY_PATH);
    await hydrate(page, '#contact-name');
    const notice = page.getByText(consentMessages.contactNotice(noticeSettings().days.messages));
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', PRIVACY_PATH);
  });

  test('has no accessibility violations', async ({ page, axe }) => {
    await page.goto(PRIVACY_PATH);
    expect(await axe()).toEqual([]);
  });
});

test.describe('privacy › consent on the application form', () => {
  test('without the box: the message, focus on the box, and nothing sent; with it: stored with the notice version', async ({
    page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    await page.goto(`/career/jobs/${job.id}`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const form = page.getByRole('form', { name: `Application for ${job.title}` });
    const email = `${adminApi.tag.toLowerCase()}.consent@example.org`;
    const pdf = samplePdf(`${adminApi.tag} consent resume`);
    await fillApplicationForm(
      form,
      { name: `${adminApi.tag} Consenting`, email, phone: '+91 98450 12345', coverLetter: COVER_LETTER },
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf },
    );
    const box = consentBox(form);
    await box.uncheck();
    await expect(form.getByRole('link', { name: /Read the privacy notice/ })).toHaveAttribute('href', PRIVACY_PATH);

    const sent = applyRequests(page);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByText(consentMessages.required, { exact: true })).toBeVisible();
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(consentMessages.required);
    expect(sent).toEqual([]);

    await box.check();
    await expect(form.getByText(consentMessages.required, { exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Application submitted successfully!' }).first(),
    ).toBeVisible();
    expect(sent).toHaveLength(1);

    const stored = (await adminApi.applicants()).find((a) => a.email === email);
    expect(stored).toBeTruthy();
    const detail = await page.request.get(`/api/applicants/${stored!.id}`, {
      headers: { Authorization: `Bearer ${adminApi.token}` },
    });
    expect(((await detail.json()) as { consent: unknown }).consent).toEqual({
      givenAt: stored!.appliedAt,
      noticeVersion: NOTICE_VERSION,
    });
  });
});

test.describe('privacy › admin', () => {
  test('export zip holds the consent and the resume byte for byte; erase removes the person everywhere; Activity shows it all', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob();
    const email = `${adminApi.tag.toLowerCase()}.person@example.org`;
    const applicant = await adminApi.seedApplicant({ job, name: `${adminApi.tag} Person`, email });
    await adminApi.sendMessage({ email: email.toUpperCase(), subject: `${adminApi.tag} question` });

    const admin = new AdminPage(page);
    await admin.goto('Applicants');
    await admin.filterJob(job.title);
    const card = admin.applicantCard(applicant.name);
    const eraseOn = new Date(Date.parse(applicant.appliedAt) + RETENTION_DEFAULT_DAYS.pending * 86_400_000);
    await expect(card.getByText(/^Erase on:/)).toBeVisible();
    await expect(card.locator(`time[datetime="${eraseOn.toISOString()}"]`)).toBeVisible();

    await card.getByRole('button', { name: /^View/ }).click();
    const dialog = admin.dialog;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`to privacy notice version ${NOTICE_VERSION}`)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^applicant-\d+-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await readFile(await download.path()));
    const person = JSON.parse(files.get('person.json')!.toString('utf8')) as {
      applications: { id: number; consent: unknown; resume: { file: string; sha256: string } }[];
      contactMessages: { subject: string }[];
    };
    expect(person.applications).toHaveLength(1);
    expect(person.applications[0]!.consent).toEqual({ givenAt: applicant.appliedAt, noticeVersion: NOTICE_VERSION });
    const resume = files.get(person.applications[0]!.resume.file)!;
    expect(sha256(resume)).toBe(sha256(applicant.resumeBytes));
    expect(person.applications[0]!.resume.sha256).toBe(sha256(applicant.resumeBytes));
    expect(person.contactMessages.map((m) => m.subject)).toEqual([`${adminApi.tag} question`]);

    await dialog.getByRole('button', { name: 'Erase person' }).click();
    await admin.answerConfirm(`Erase everything stored about ${email}?`, 'Erase person');
    await expect(admin.toast(`Erased 2 records of ${email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    expect((await adminApi.applicants()).some((a) => a.email === email)).toBe(false);
    expect((await adminApi.messages()).some((m) => m.email.toLowerCase() === email)).toBe(false);
    const gone = await page.request.get(`/api/applicants/${applicant.id}/download`, {
      headers: { Authorization: `Bearer ${adminApi.token}` },
    });
    expect(gone.status()).toBe(404);

    await page.getByRole('tab', { name: 'Activity', exact: true }).click();
    const activity = page.getByRole('tabpanel', { name: 'Activity' });
    await activity
      .getByRole('combobox', { name: 'Filter by action' })
      .selectOption({ label: 'Erased person on request' });
    await activity.getByRole('combobox', { name: 'Filter by admin' }).selectOption({ label: 'e2e-admin@example.com' });
    const entries = activity.getByRole('list', { name: 'Activity entries' }).getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    await expect(entries.filter({ hasText: 'Erased person on request' })).not.toHaveCount(0);
    await expect(entries.filter({ hasNotText: 'Erased person on request' })).toHaveCount(0);
    await expect(entries.filter({ hasText: 'erased 2 records for a person on request' }).first()).toContainText(
      'e2e-admin@example.com',
    );
    for (const action of ['Viewed applicant', 'Exported personal data']) {
      await activity.getByRole('combobox', { name: 'Filter by action' }).selectOption({ label: action });
      await expect(
        entries
          .filter({ hasText: action })
          .filter({ hasText: `Applicant #${applicant.id}` })
          .first(),
      ).toContainText('e2e-admin@example.com');
    }
    // No entry holds the person's details.
    await expect(activity).not.toContainText(email);
    await expect(activity).not.toContainText(applicant.name);
  });

  test('CSV export has exactly the filtered rows and survives commas, quotes, line breaks and non-Latin names', async ({
    loggedInPage: page,
    adminApi,
  }) => {
    const job = await adminApi.createJob({ title: `${adminApi.tag} Firmware, "Edge" Team` });
    const other = await adminApi.createJob();
    const letter = 'Line one, with a comma and "quotes".\nLine two: eight years of drivers for edge cameras.';
    const people = [
      await adminApi.seedApplicant({ job, name: 'अनन्या शर्मा', coverLetter: letter }),
      await adminApi.seedApplicant({ job, name: 'கார்த்திக் ராஜா', coverLetter: letter }),
      await adminApi.seedApplicant({ job, name: `${adminApi.tag} Zoë Müller`, coverLetter: letter }),
    ];
    await adminApi.seedApplicant({ job: other, name: `${adminApi.tag} Elsewhere` });
    await adminApi.setStatus(people[1]!.id, 'rejected');

    const admin = new AdminPage(page);
    await admin.goto('Applicants');
    await admin.filterJob(job.title);
    await admin.filterStatus('Pending');
    await expect(page.getByText('Showing 2 of', { exact: false })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Export CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^applicants-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { rows } = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    const [header, ...body] = rows;
    expect(header?.slice(0, 2)).toEqual(['Name', 'Email']);
    const shown = [people[0]!, people[2]!].sort((a, b) => b.id - a.id);
    expect(body.map((r) => [r[0], r[1], r[4], r[6], r[10]])).toEqual(
      shown.map((p) => [p.name, p.email, job.title, 'pending', p.coverLetter]),
    );
    expect(body.every((r) => r[10]?.includes('\n'))).toBe(true);
  });
});

test.describe('privacy › server log', () => {
  test.beforeEach(({ isNarrow }) => test.skip(isNarrow, 'one server journey: runs in the desktop project'));

  test("holds none of the applicant's e-mail, phone or name after a full journey", async ({ browser }) => {
    test.slow(); // its own server, a browser journey and every admin call
    const server = await startLogServer();
    try {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      const request = context.request;
      const token = ((await (await request.post('/api/admin', { data: ADMIN })).json()) as { token: string }).token;
      const auth = { Authorization: `Bearer ${token}` };
      const job = (
        (await (
          await request.post('/api/job', {
            headers: auth,
            data: {
              title: 'Log Check Engineer',
              department: 'Platform',
              location: 'Bengaluru, India',
              jobType: 'Full-time',
              description: 'Keep personal data out of the logs while shipping edge firmware.',
              salaryRange: '',
            },
          })
        ).json()) as { job: { id: number; title: string } }
      ).job;
      const person = { name: 'Lakshmi Narayanan', email: 'lakshmi.logcheck@example.org', phone: '+91 98111 22233' };

      await page.goto(`/career/jobs/${job.id}`);
      await page.getByRole('button', { name: 'Apply Now' }).click();
      await fillApplicationForm(
        page.getByRole('form', { name: `Application for ${job.title}` }),
        { ...person, coverLetter: COVER_LETTER },
        { name: 'cv.pdf', mimeType: 'application/pdf', buffer: samplePdf('log check') },
      );
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Application submitted successfully!' }).first(),
      ).toBeVisible();
      // A failed login and a contact message: more paths that must not log personal data.
      expect((await request.post('/api/admin', { data: { ...ADMIN, password: 'not the password' } })).status()).toBe(
        401,
      );
      await request.post('/api/contact', {
        data: { name: person.name, email: person.email, subject: 'Question', message: `Call me on ${person.phone}` },
      });

      const list = (await (await request.get('/api/applicants', { headers: auth })).json()) as {
        applicants: { id: number; email: string }[];
      };
      const id = list.applicants.find((a) => a.email === person.email)!.id;
      const encoded = encodeURIComponent(person.email);
      for (const path of [
        `/api/applicants/${id}`,
        `/api/applicants/${id}/download`,
        `/api/applicants/${id}/export`,
        `/api/applicants.csv?search=${encoded}`,
        `/api/audit`,
        `/api/messages`,
      ]) {
        expect((await request.get(path, { headers: auth })).status(), path).toBe(200);
      }
      await request.put(`/api/applicants/${id}/status`, { headers: auth, data: { status: 'shortlisted' } });
      const erased = await request.post('/api/erasure', { headers: auth, data: { email: person.email } });
      expect(await erased.json()).toEqual({ erased: 2 });
      await context.close();
    } finally {
      await server.stop();
    }
    const log = server.output.join('\n');
    expect(log).toContain('"msg":"request"');
    for (const secret of [
      'lakshmi',
      'Lakshmi',
      'logcheck',
      '98111',
      '9811122233',
      encodeURIComponent('lakshmi.logcheck@example.org'),
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});

const ADMIN = { email: 'log-admin@example.com', password: 'log-check-password-1234' };

/** The production server (dist/node/main.mjs) with debug logs, collecting every line it prints. */
async function startLogServer(): Promise<{ url: string; output: string[]; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'privacy-log-'));
  const server = await startBuiltServer('the log-check server', {
    DATA_DIR: dataDir,
    DIST_DIR: process.env['DIST_DIR'] ?? 'dist',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: 'privacy-log-check-secret-long-enough-for-hs256',
    SPAM_MIN_FILL_MS: '0',
    LOG_LEVEL: 'debug',
  });
  return {
    url: server.url,
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
