import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { readFile } from 'node:fs/promises';
import { E2E_ADMIN } from '../../playwright.config';
import { teamMessages } from '../../src/lib/team';
import type { TwoFactorEnabled, TwoFactorSetup } from '../../src/lib/two-factor';
import { adminCli, adminTest, expect, loginAdmin, signInThroughApi } from './admin-fixtures';
import { startMailServer } from './mail-fixtures';

const PASSWORD = 'team-Password-2468';
/** The code an authenticator shows for `secret`, `shiftMs` from now. */
const totp = (secret: string, shiftMs = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + shiftMs,
  });

/**
 * A recruiter and a viewer (password PASSWORD) for the tests that sign colleagues in, created once
 * per worker with the admin CLI and deleted after its last test: each CLI run starts a process and
 * hashes a password, seconds on a busy machine that the tests themselves do not check.
 */
const test = adminTest.extend<object, { colleagues: { recruiter: string; viewer: string } }>({
  colleagues: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const stamp = `${workerInfo.project.name}-${workerInfo.workerIndex}-${Date.now()}`;
      const colleagues = { recruiter: `team-r-${stamp}@example.com`, viewer: `team-v-${stamp}@example.com` };
      await Promise.all([
        adminCli(['create', colleagues.recruiter, '--role', 'recruiter'], `${PASSWORD}\n`),
        adminCli(['create', colleagues.viewer, '--role', 'viewer'], `${PASSWORD}\n`),
      ]);
      await use(colleagues);
      await Promise.all([adminCli(['delete', colleagues.recruiter]), adminCli(['delete', colleagues.viewer])]);
    },
    { scope: 'worker' },
  ],
});

/** Runs `journey` with a new recruiter (password PASSWORD) of its own, deleted afterwards. */
async function withTeamMember(journey: (email: string) => Promise<void>) {
  const email = `tf-${test.info().project.name}-${test.info().workerIndex}-${Date.now()}@example.com`;
  await adminCli(['create', email, '--role', 'recruiter'], `${PASSWORD}\n`);
  try {
    await journey(email);
  } finally {
    await adminCli(['delete', email]);
  }
}

/** Turns two-factor sign-in on for `email` through the API, as the account dialog does; its key and recovery codes. */
async function turnOnTwoFactor(page: Page, email: string): Promise<{ key: string; recoveryCodes: string[] }> {
  const headers = { Authorization: `Bearer ${await loginAdmin(page.request, email, PASSWORD)}` };
  const setup = await page.request.post('/api/account/2fa/setup', { headers, data: { password: PASSWORD } });
  const { secret: key } = (await setup.json()) as TwoFactorSetup;
  const confirm = await page.request.post('/api/account/2fa/confirm', {
    headers,
    data: { password: PASSWORD, code: totp(key) },
  });
  if (!confirm.ok())
    throw new Error(`turning two-factor sign-in on failed: ${confirm.status()} ${await confirm.text()}`);
  const { recoveryCodes } = (await confirm.json()) as TwoFactorEnabled;
  return { key, recoveryCodes };
}

async function signIn(page: Page, email: string, password: string, origin = '') {
  await page.goto(`${origin}/adminlogin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('the hiring team', () => {
  test(
    'an owner invites a recruiter by e-mail, who is welcomed by role and inviter, chooses a password and signs in',
    { tag: '@once' },
    async ({ page }) => {
      const server = await startMailServer();
      try {
        await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password, server.url);
        await page.getByRole('tab', { name: 'Team' }).click();
        await page.getByRole('button', { name: 'Invite a colleague' }).click();
        const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
        await dialog.getByLabel('E-mail address').fill('new.recruiter@example.org');
        await dialog.getByRole('radio', { name: /Recruiter/ }).check();
        await dialog.getByRole('button', { name: 'Send invitation' }).click();
        await expect(page.getByText('Invitation sent to new.recruiter@example.org')).toBeVisible();
        const card = page.getByRole('article', { name: 'new.recruiter@example.org' });
        await expect(card).toContainText('never (invited)');
        await expect(card.getByRole('combobox', { name: 'Role of new.recruiter@example.org' })).toHaveValue(
          'recruiter',
        );
        await expect(card.getByRole('button', { name: 'Copy link for new.recruiter@example.org' })).toBeVisible();
        await expect(
          card.getByRole('button', { name: 'Resend the invitation to new.recruiter@example.org' }),
        ).toBeVisible();

        const [mail] = await server.smtp.waitFor(1);
        expect(mail?.to).toEqual(['new.recruiter@example.org']);
        const link = /(http:\/\/\S+\/adminlogin\?reset=[\w-]+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
        expect(link.startsWith(server.url)).toBe(true);

        await page.evaluate(() => window.localStorage.clear());
        await page.goto(link);
        const form = page.getByRole('form', { name: 'Welcome to the hiring team' });
        await expect(form).toContainText(`${E2E_ADMIN.email} invited you as recruiter: vacancies, applicants`);
        await expect(form).not.toContainText('signed out');
        // The name is asked first: without one the form says what it needs and sends nothing.
        await form.getByRole('textbox', { name: 'Your password', exact: true }).fill(PASSWORD);
        await form.getByLabel('Repeat your password').fill(PASSWORD);
        await form.getByRole('button', { name: 'Set password and join' }).click();
        const name = form.getByRole('textbox', { name: 'Your name' });
        await expect(name).toHaveAccessibleDescription(/Enter the name your colleagues and candidates will see/);
        await expect(name).toBeFocused();
        await name.fill('Meera Kulkarni');
        await form.getByRole('button', { name: 'Set password and join' }).click();
        // Joining signs the newcomer in: the dashboard, greeting them by the name they gave.
        await expect(page).toHaveURL(/\/admin$/);
        await expect(
          page.getByRole('status').filter({ hasText: 'Welcome to the hiring team: your password is set' }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Welcome, Meera Kulkarni', level: 1 })).toBeVisible();
        await expect(page.getByText('Signed in as new.recruiter@example.org · Recruiter')).toBeVisible();

        // Account changes the name; an empty one is refused there as by the server, and the greeting follows.
        await page.getByRole('button', { name: 'Account' }).click();
        const account = page.getByRole('dialog', { name: 'Your account' });
        const accountName = account.getByRole('textbox', { name: 'Your name' });
        await expect(accountName).toHaveValue('Meera Kulkarni');
        await accountName.fill('');
        await account.getByRole('button', { name: 'Save name' }).click();
        await expect(accountName).toHaveAccessibleDescription(/Enter the name your colleagues and candidates will see/);
        await expect(accountName).toBeFocused();
        await accountName.fill('Meera K.');
        await account.getByRole('button', { name: 'Save name' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Name saved' })).toBeVisible();
        await account.getByRole('button', { name: 'Close dialog' }).click();
        await expect(page.getByRole('heading', { name: 'Welcome, Meera K.', level: 1 })).toBeVisible();
        await expect(page.getByRole('tab', { name: /Messages/ })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Team' })).toHaveCount(0);
        await expect(page.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
      } finally {
        await server.stop();
      }
    },
  );

  test(
    'an owner requires two-factor sign-in for the team and is led to set it up before anything else',
    { tag: '@once' },
    async ({ page, axe }) => {
      // A server of its own: the rule would stop every other test's admin on the shared one.
      const server = await startMailServer();
      try {
        await signInThroughApi(page, E2E_ADMIN.email, E2E_ADMIN.password, server.url);
        await page.getByRole('tab', { name: 'Team' }).click();
        await page.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' }).click();
        await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in', level: 2 })).toBeVisible();
        await expect(page.getByRole('tablist')).toHaveCount(0);
        expect(await axe()).toEqual([]);
        await page.getByLabel('Your current password').fill(E2E_ADMIN.password);
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const key = (await page.locator('main code').innerText()).replace(/\s/g, '');
        await page.getByLabel('Six-digit code').fill(totp(key));
        await page.getByRole('button', { name: 'Turn on' }).click();
        await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
        // A 403 "set it up first" read after "Turn on" (an answer sent before it; here Account's status call
        // answers one) makes the dashboard re-read the session, which now says two-factor is on: the codes stay.
        await page.route('**/api/account/2fa', (route) =>
          route.fulfill({ status: 403, json: { message: teamMessages.enrolFirst } }),
        );
        const reread = page.waitForResponse((response) => response.url().endsWith('/api/auth/verify'));
        await page.getByRole('button', { name: 'Account' }).click();
        expect(await (await reread).json()).toMatchObject({ mustEnrolTwoFactor: false });
        await page.unroute('**/api/account/2fa');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
        // Copying says so, and the clipboard holds the ten codes, one a line.
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByRole('button', { name: 'Copy codes' }).click();
        await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
        await expect(page.getByText('Copied: paste them into your password manager.')).toBeVisible();
        const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
        await page.getByRole('tab', { name: 'Team' }).click();
        await expect(page.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' })).toBeChecked();
        await expect(page.getByRole('article', { name: E2E_ADMIN.email })).toContainText('Two-factor sign-in: on');
      } finally {
        await server.stop();
      }
    },
  );

  test('the Team tab and the invitation dialog pass axe', async ({ loggedInPage: page, axe }) => {
    await page.goto('/admin#team');
    await expect(page.getByRole('list', { name: 'Team members' })).toBeVisible();
    await expect(page.getByRole('article', { name: E2E_ADMIN.email })).toContainText('(you)');
    expect(await axe()).toEqual([]);
    await page.getByRole('button', { name: 'Invite a colleague' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite a colleague' })).toBeVisible();
    expect(await axe('dialog')).toEqual([]);
  });

  test('a viewer reads vacancies and applicants but sees no controls that change them', async ({
    page,
    adminApi,
    colleagues: { viewer },
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    await signInThroughApi(page, viewer, PASSWORD);
    await expect(page.getByText(`Signed in as ${viewer} · Viewer`)).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([/Job Vacancies/, /Applicants/, 'Sources']);
    await expect(page.getByRole('heading', { name: job.title })).toBeVisible();
    await expect(page.getByRole('button', { name: /Add New Job Vacancy|^Edit|^Delete/ })).toHaveCount(0);

    await page.getByRole('tab', { name: /Applicants/ }).click();
    const card = page.getByRole('article').filter({ hasText: applicant.name });
    await expect(card.getByRole('button', { name: /^Resume/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /Move|Delete/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Export CSV/ })).toHaveCount(0);
  });

  test("a recruiter writes a note in the applicant's timeline and a viewer colleague reads it", async ({
    page,
    adminApi,
    axe,
    colleagues: { recruiter, viewer },
  }) => {
    const job = await adminApi.createJob();
    const applicant = await adminApi.seedApplicant({ job });
    const note = `Strong C++; ask about the RTOS port (${adminApi.tag}).`;

    await signInThroughApi(page, recruiter, PASSWORD);
    await page.getByRole('tab', { name: /Applicants/ }).click();
    await page
      .getByRole('article', { name: applicant.name, exact: true })
      .getByRole('button', { name: /^View/ })
      .click();
    const dialog = page.getByRole('dialog', { name: applicant.name });
    const timeline = dialog.getByRole('region', { name: 'Timeline and notes' });
    await expect(timeline.getByRole('listitem').first()).toContainText('Applied');
    // The right of access covers notes and scorecards: the team is told where it writes them.
    await expect(timeline.getByLabel('Add a note for the team')).toHaveAccessibleDescription(
      /an applicant who asks for a copy of their data gets the notes and scorecards too/,
    );
    await timeline.getByLabel('Add a note for the team').fill(note);
    await timeline.getByRole('button', { name: 'Add note' }).click();
    await expect(timeline.getByRole('listitem').filter({ hasText: note })).toContainText(recruiter);
    // Focus moves to the note it added, not to the page.
    await expect(timeline.getByRole('listitem').filter({ hasText: note })).toBeFocused();
    expect(await axe('dialog')).toEqual([]);

    await signInThroughApi(page, viewer, PASSWORD);
    await page.getByRole('tab', { name: /Applicants/ }).click();
    await page
      .getByRole('article', { name: applicant.name, exact: true })
      .getByRole('button', { name: /^View/ })
      .click();
    const seen = page.getByRole('dialog', { name: applicant.name }).getByRole('region', { name: 'Timeline and notes' });
    await expect(seen.getByRole('listitem').filter({ hasText: note })).toContainText(recruiter);
    await expect(seen.getByLabel('Add a note for the team')).toHaveCount(0);
    await expect(seen.getByRole('button', { name: /Delete note/ })).toHaveCount(0);
  });

  test('two-factor sign-in is set up from the account dialog: the password, then a QR code, a code and ten recovery codes', async ({
    page,
    axe,
  }) => {
    await withTeamMember(async (email) => {
      await signInThroughApi(page, email, PASSWORD);
      await page.getByRole('button', { name: 'Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your account' });
      // A session alone is not enough: the password is asked for, and a wrong one is said so where it was typed.
      const password = dialog.getByLabel('Your current password');
      // The button says what it waits for instead of staying disabled.
      await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await expect(password).toHaveAccessibleDescription('Enter your current password');
      await expect(password).toBeFocused();
      await password.fill('not my password');
      await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await expect(password).toHaveAccessibleDescription('That is not your current password');
      await expect(password).toBeFocused();
      await password.fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
      await expect(dialog.getByLabel('Six-digit code')).toBeFocused();
      const key = (await dialog.locator('code').innerText()).replace(/\s/g, '');
      expect(await dialog.locator('code').innerText()).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      expect(await axe('dialog')).toEqual([]);
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByLabel('Six-digit code')).toHaveAccessibleDescription(
        'Enter the six-digit code from your authenticator app',
      );
      await dialog.getByLabel('Six-digit code').fill(totp(key));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      expect(await axe('dialog')).toEqual([]);
      // The codes download as a text file, one a line after what they are for.
      const download = page.waitForEvent('download');
      await dialog.getByRole('link', { name: 'Download codes' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('edgecraft-recovery-codes.txt');
      const codes = await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
      const text = (await readFile(await file.path(), 'utf8')).trim().split('\n');
      expect(text.slice(-10)).toEqual(codes);
      await dialog.getByRole('button', { name: 'I have saved them' }).click();
      await expect(dialog).toContainText('10 recovery codes left');
    });
  });

  test('with two-factor sign-in on, the password alone is not enough: a wrong code is refused, the next one signs in', async ({
    page,
    axe,
  }) => {
    await withTeamMember(async (email) => {
      const { key } = await turnOnTwoFactor(page, email);
      await signIn(page, email, PASSWORD);
      const code = page.getByLabel('Six-digit code');
      await expect(code).toBeFocused();
      expect(await axe()).toEqual([]);
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('That code is not right, or was already used')).toBeVisible();
      // The next step's code: the one that turned it on may still be the current one, and is used up.
      await code.fill(totp(key, 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin');
      await expect(page.getByText(`Signed in as ${email} · Recruiter`)).toBeVisible();
    });
  });

  test('a recovery code signs in instead of a code, and another one turns two-factor sign-in off with the password', async ({
    page,
  }) => {
    await withTeamMember(async (email) => {
      const { recoveryCodes } = await turnOnTwoFactor(page, email);
      await signIn(page, email, PASSWORD);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin');

      await page.getByRole('button', { name: 'Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your account' });
      // The button says what is missing instead of waiting, disabled, for no reason given.
      await dialog.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await expect(dialog.getByLabel('Your current password')).toBeFocused();
      await expect(dialog.getByText('Enter your current password')).toBeVisible();
      await dialog.getByLabel('Your current password').fill(PASSWORD);
      await dialog.getByLabel('Code from your app, or a recovery code').fill(recoveryCodes[1] ?? '');
      await dialog.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
      await expect(dialog.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
    });
  });
});
