import { E2E_ADMIN } from '../../playwright.config';
import { adminCli, adminTest as test, craftToken, decodeToken, expect, loginAdmin, tamper } from './admin-fixtures';
import { AdminPage } from './pages/AdminPage';
import { holdRoute } from './held-route';

const SESSION_EXPIRED = 'Session expired. Please login again.';

test.describe('admin login', () => {
  // A second admin, created through the CLI the way an operator would, per project.
  const cliAdmin = { email: '', password: 'cli-Password-5678' };
  // Playwright requires the fixtures argument to be a destructuring pattern, even an empty one.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    cliAdmin.email = `cli-${testInfo.project.name}-${Date.now()}@example.com`;
    expect(await adminCli(['create', cliAdmin.email], `${cliAdmin.password}\n`)).toContain(
      `Admin ${cliAdmin.email} created.`,
    );
  });
  test.afterAll(async () => {
    await adminCli(['delete', cliAdmin.email]);
  });

  test('signs in an admin created with the CLI: token stored, full navigation to the dashboard', async ({ page }) => {
    await page.goto('/adminlogin');
    await expect(page.getByRole('heading', { name: 'Admin Login', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(cliAdmin.email);
    await page.getByLabel('Password').fill(cliAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await expect(page.getByRole('heading', { name: `Welcome, ${cliAdmin.email.split('@')[0]}` })).toBeVisible();
    await expect(page.getByText(`Signed in as ${cliAdmin.email}`)).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test("shows the server's message for a wrong password and stays on the page", { tag: '@once' }, async ({ page }) => {
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/adminlogin$/);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test("shows 'Login failed' when the server answers without a message", { tag: '@once' }, async ({ page }) => {
    await page.route('**/api/admin', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.goto('/adminlogin');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed');
  });

  test(
    "shows 'Server error. Please try again later.' when the network fails, and 'Signing in...' while sending",
    { tag: '@once' },
    async ({ page }) => {
      const release = await holdRoute(page, '**/api/admin', (route) => route.abort('internetdisconnected'));
      await page.goto('/adminlogin');
      await page.getByLabel('Email').fill(E2E_ADMIN.email);
      await page.getByLabel('Password').fill(E2E_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
      release();
      await expect(page.getByRole('alert')).toHaveText('Server error. Please try again later.');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    },
  );

  test('requires email and password before sending anything', { tag: '@once' }, async ({ page }) => {
    let posted = false;
    await page.route('**/api/admin', (route) => {
      posted = true;
      return route.continue();
    });
    await page.goto('/adminlogin');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  for (const [remember, hours] of [
    [true, 30 * 24],
    [false, 8],
  ] as const) {
    test(
      `Remember me ${remember ? 'checked asks for a 30-day' : 'unchecked gets an 8-hour'} token`,
      { tag: '@once' },
      async ({ page }) => {
        await page.goto('/adminlogin');
        await page.getByLabel('Email').fill(E2E_ADMIN.email);
        await page.getByLabel('Password').fill(E2E_ADMIN.password);
        await page.getByRole('checkbox', { name: /Remember me/ }).setChecked(remember);
        const sent = page.waitForRequest('**/api/admin');
        await page.getByRole('button', { name: 'Sign in' }).click();
        expect((await sent).postDataJSON()).toEqual({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, remember });
        await page.waitForURL('**/admin');
        const token = (await page.evaluate(() => localStorage.getItem('adminToken'))) ?? '';
        const { iat, exp } = decodeToken(token);
        expect(exp - iat).toBe(hours * 3600);
      },
    );
  }

  test("'Forgot password?' explains the CLI reset in the page", { tag: '@once' }, async ({ page }) => {
    await page.goto('/adminlogin');
    const button = page.getByRole('button', { name: 'Forgot password?' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('npm run admin -- reset-password you@example.com')).toBeVisible();
  });

  test(
    'a reset link: the token leaves the address at once, no request names it, and the form still sends it',
    { tag: '@once' },
    async ({ page }) => {
      const token = 'a-token-that-only-this-test-knows';
      const referers: (string | undefined)[] = [];
      const onRequest = (request: { headers(): Record<string, string> }) => referers.push(request.headers()['referer']);
      page.on('request', onRequest);
      await page.goto(`/adminlogin?reset=${token}`);
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await expect(form.getByRole('heading', { name: 'Choose a new password' })).toBeFocused();
      await expect(page).toHaveURL(/\/adminlogin$/);
      expect(await page.evaluate(() => window.location.href)).not.toContain('reset=');
      await expect(page.locator('head meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
      await expect(form.getByText(/open the link from the e-mail again/)).toBeVisible();

      await form.getByRole('textbox', { name: 'New password', exact: true }).fill('a long enough new password');
      await form.getByLabel('Repeat the new password').fill('a long enough new password');
      const sent = page.waitForRequest('**/api/auth/reset');
      await form.getByRole('button', { name: 'Set new password' }).click();
      const request = await sent;
      expect(request.postDataJSON()).toEqual({ token, password: 'a long enough new password' });
      await expect(form.getByRole('alert')).toContainText('This reset link is invalid or has expired.');
      expect(request.headers()['referer'] ?? '').toBe('');
      // What the page fetched (stylesheet, icons, scripts, the API) named neither the page nor the
      // token; only a script's own imports name that script, by the browser's default policy.
      page.off('request', onRequest);
      expect(referers.length).toBeGreaterThan(2);
      expect(referers.filter((referer) => referer && !new URL(referer).pathname.startsWith('/_astro/'))).toEqual([]);
      expect(referers.filter((referer) => referer?.includes(token))).toEqual([]);

      // Reloaded, the page no longer has the token: it shows the login form.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Choose a new password' })).toHaveCount(0);
    },
  );

  test(
    'an admin who is already signed in goes straight to the dashboard',
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      await page.goto('/adminlogin');
      await page.waitForURL('**/admin');
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    },
  );

  test('login page: no axe violations; crawlable, while robots.txt keeps crawlers out of the dashboard', async ({
    page,
    axe,
  }) => {
    await page.goto('/adminlogin');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    expect(await axe()).toEqual([]);
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Disallow: \/admin\$$/m);
    expect(robots).toMatch(/^Disallow: \/admin\/$/m);
    expect(robots).not.toMatch(/^Disallow: \/adminlogin/m);
  });
});

test.describe('admin session', () => {
  test('/admin without a token goes to /adminlogin', { tag: '@once' }, async ({ page }) => {
    await page.goto('/admin');
    await page.waitForURL('**/adminlogin');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });

  test(
    "shows 'Verifying authentication...' until the token check answers; the static HTML holds no dashboard",
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      const html = await (await page.request.get('/admin')).text();
      expect(html).not.toContain('Welcome, ');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      const release = await holdRoute(page, '**/api/auth/verify');
      await page.goto('/admin');
      await expect(page.getByText('Verifying authentication...')).toBeVisible();
      release();
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      await expect(page.getByText('Verifying authentication...')).toBeHidden();
    },
  );

  const badTokens = {
    expired: () => craftToken({ expiresIn: -60 }),
    tampered: () => tamper(craftToken({ expiresIn: 3600 })),
  };

  for (const [kind, make] of Object.entries(badTokens)) {
    test(
      `an ${kind} token on load is removed and the login page says '${SESSION_EXPIRED}'`,
      { tag: '@once' },
      async ({ page }) => {
        await page.goto('/robots.txt');
        await page.evaluate((token) => localStorage.setItem('adminToken', token), make());
        const loginLoads: string[] = [];
        page.on('request', (request) => {
          if (request.isNavigationRequest() && new URL(request.url()).pathname === '/adminlogin') {
            loginLoads.push(request.url());
          }
        });
        await page.goto('/admin');
        await page.waitForURL('**/adminlogin');
        await expect(page.getByRole('status').filter({ hasText: SESSION_EXPIRED })).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
        // One navigation: a second one would abort the first, and the page would load twice.
        expect(loginLoads).toHaveLength(1);
        // The message is shown once: a reload shows a clean form.
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
        await expect(page.getByText(SESSION_EXPIRED)).toBeHidden();
      },
    );

    test(
      `an ${kind} token on an action lands on /adminlogin with the message`,
      { tag: '@once' },
      async ({ loggedInPage: page, adminApi }) => {
        const job = await adminApi.createJob();
        const admin = new AdminPage(page);
        // The dashboard's reads at load end with the Team tab's stage deadlines, and the vacancies' applicant
        // counts: once both are in, only the action meets the bad token.
        const teamRead = page.waitForResponse((response) => response.url().endsWith('/api/admins/stage-deadlines'));
        await admin.goto('Job Vacancies');
        await teamRead;
        await expect(admin.jobCard(job.title)).toContainText(/\d+ applicants?/);
        await page.evaluate((token) => localStorage.setItem('adminToken', token), make());
        await admin
          .jobCard(job.title)
          .getByRole('button', { name: /^Delete/ })
          .click();
        await admin.answerConfirm('Are you sure you want to delete this job posting?', 'Delete');
        await page.waitForURL('**/adminlogin');
        await expect(page.getByRole('status').filter({ hasText: SESSION_EXPIRED })).toBeVisible();
        expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
        // The job was not deleted.
        const list = (await (await page.request.get('/api/job')).json()) as { jobs: { id: number }[] };
        expect(list.jobs.some((j) => j.id === job.id)).toBe(true);
      },
    );
  }

  test(
    'a password reset through the CLI ends older sessions at the next call',
    { tag: '@once' },
    async ({ page, request }, testInfo) => {
      const email = `reset-${testInfo.project.name}-${Date.now()}@example.com`;
      await adminCli(['create', email], 'first-Password-1234\n');
      try {
        const token = await loginAdmin(request, email, 'first-Password-1234');
        await adminCli(['reset-password', email], 'second-Password-1234\n');
        await page.goto('/robots.txt');
        await page.evaluate((t) => localStorage.setItem('adminToken', t), token);
        await page.goto('/admin');
        await page.waitForURL('**/adminlogin');
        await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
      } finally {
        await adminCli(['delete', email]);
      }
    },
  );

  test(
    'Logout asks first: Cancel or Escape keep the session, Logout removes the token and goes home',
    { tag: '@once' },
    async ({ page, request }) => {
      // A session of its own: logging out ends the token on the server, and the worker's shared
      // token must outlive this test.
      const token = await loginAdmin(request);
      await page.goto('/robots.txt');
      await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
      const admin = new AdminPage(page);
      await admin.goto();
      // The confirm dialog starts on Cancel, and Escape cancels too.
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(admin.confirmDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(admin.confirmDialog).toBeHidden();
      await page.getByRole('button', { name: 'Logout' }).click();
      await admin.answerConfirm('Are you sure you want to logout?', 'Cancel');
      await expect(page).toHaveURL(/\/admin$/);
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).not.toBeNull();

      await page.getByRole('button', { name: 'Logout' }).click();
      await admin.answerConfirm('Are you sure you want to logout?', 'Logout');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    },
  );
});

test.describe('admin dashboard tabs', () => {
  test(
    'are a keyboard-operable tab list whose choice survives a reload',
    { tag: '@once' },
    async ({ loggedInPage: page }) => {
      const admin = new AdminPage(page);
      await admin.goto();
      await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
      const jobs = admin.tab('Job Vacancies');
      await expect(jobs).toHaveAttribute('aria-selected', 'true');
      await expect(jobs).toHaveText(/^Job Vacancies \(\d+\)$/);
      await expect(admin.tab('Applicants')).toHaveText(/^Applicants \(\d+\)$/);
      // Messages count those still waiting for an answer.
      await expect(admin.tab('Messages')).toHaveText(/^Messages \(\d+ unhandled\)$/);
      // The Outbox counts failed mails.
      await expect(admin.tab('Outbox')).toHaveText(/^Outbox \(\d+ failed\)$/);
      await expect(admin.tab('Applicants')).toHaveAttribute('tabindex', '-1');

      await jobs.focus();
      await page.keyboard.press('ArrowRight');
      await expect(admin.tab('Applicants')).toBeFocused();
      await expect(admin.tab('Applicants')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: /^Applicants/ })).toBeVisible();
      await expect(page.getByRole('tabpanel', { name: /^Job Vacancies/ })).toBeHidden();
      await page.keyboard.press('End');
      const team = page.getByRole('tab', { name: 'Team', exact: true });
      await expect(team).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      const activity = page.getByRole('tab', { name: 'Activity', exact: true });
      await expect(activity).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(admin.tab('Outbox')).toBeFocused();
      await expect(page).toHaveURL(/#outbox$/);
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: 'Templates', exact: true })).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(admin.tab('Messages')).toBeFocused();
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowRight');
      await expect(jobs).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(team).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/#team$/);

      await page.reload();
      await expect(team).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Team' })).toBeVisible();
    },
  );

  test.describe('on a phone', () => {
    test.skip(({ isNarrow }) => !isNarrow, 'six tabs fit a desktop screen');

    test('scroll sideways inside their strip, so the page stays as wide as the screen', async ({
      loggedInPage: page,
    }) => {
      const admin = new AdminPage(page);
      await admin.goto();
      const strip = page.getByRole('tablist', { name: 'Admin sections' });
      await expect(strip).toBeVisible();
      // The screen's width: a page wider than it would make a phone zoom out, widening innerWidth too.
      const width = page.viewportSize()?.width ?? 0;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // A fade over the right edge shows that more tabs follow; none on the left yet.
      const fade = (side: 'left' | 'right') => page.locator(`[data-tab-fade="${side}"]`);
      await expect(fade('right')).toHaveCSS('opacity', '1');
      await expect(fade('left')).toHaveCSS('opacity', '0');

      // A swipe to the end of the strip brings the last tab into view whole; the fade moves to the left.
      await strip.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(fade('right')).toHaveCSS('opacity', '0');
      await expect(fade('left')).toHaveCSS('opacity', '1');
      const activity = page.getByRole('tab', { name: 'Activity', exact: true });
      await expect
        .poll(async () => {
          const box = await activity.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= width + 1;
        })
        .toBe(true);
    });
  });
});
