/**
 * The production server with its default login limits (the shared e2e server raises them for the
 * suites): the real admin signs in from the browser while an attacker loops wrong guesses for the
 * same e-mail from other addresses, logs out, and that token is dead. The server runs with a disk
 * floor no disk reaches, so the dashboard shows the storage warning, and HSTS is on every answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer, type RunningServer } from '../helpers/server';
import { expect, test } from './fixtures';
import { AdminPage } from './pages/AdminPage';

const ADMIN = { email: 'attacked-admin@example.com', password: 'attacked-Password-1234' };

let server: RunningServer | undefined;
let attacking = true;
let attackers: Promise<void>[] = [];
let baseUrl = '';
let dataDir = '';

// Rate limits, sessions and HSTS do not depend on the viewport: the desktop project runs them.
test.describe('login under attack, logout and HSTS on the production server', { tag: '@once' }, () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-attack-e2e-'));
    server = await startBuiltServer('the attacked server', {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MIN_FREE_DISK_MB: '1000000000',
      LOG_LEVEL: 'warn',
    });
    baseUrl = server.url;
  });

  test.afterAll(async () => {
    attacking = false;
    await Promise.all(attackers);
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One wrong guess from `localAddress` (any 127.0.0.0/8 address is a different client to the server). */
  function guess(localAddress: string): Promise<number> {
    const url = new URL('/api/admin', baseUrl);
    const body = JSON.stringify({ email: ADMIN.email, password: 'wrong-guess-123' });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          localAddress,
          headers: { 'Content-Type': 'application/json', 'Content-Length': body.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  test('the admin signs in while an attacker loops wrong guesses for the same e-mail from other addresses', async ({
    page,
  }) => {
    // Eight clients hashing wrong passwords beside the browser share two cores with it.
    test.setTimeout(60_000);
    const statuses: number[] = [];
    let inFlight = 0;
    // Eight addresses, each looping guesses back to back (the server slows them down more and more).
    attackers = Array.from({ length: 8 }, async (_, a) => {
      while (attacking) {
        inFlight++;
        statuses.push(await guess(`127.0.0.${2 + a}`).catch(() => 0));
        inFlight--;
      }
    });
    try {
      // The attack is under way: more failures for the e-mail than the old per-e-mail limit (5) allowed.
      await expect.poll(() => statuses.filter((s) => s === 401).length, { timeout: 20_000 }).toBeGreaterThan(5);

      await page.goto(`${baseUrl}/adminlogin`);
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin');
      await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
      // The attackers were still at it, and never got anything but refusals.
      expect(inFlight).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    } finally {
      // Their last, slowed guesses finish before the server stops (afterAll).
      attacking = false;
    }
  });

  test('the dashboard warns while applications are refused for lack of disk space', async ({ page, axe }) => {
    await page.goto(`${baseUrl}/adminlogin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'Storage is almost full' });
    await expect(warning).toContainText('new applications are refused until space is freed.');
    expect(await axe('[role="alert"]')).toEqual([]);
  });

  test('Logout ends the token on the server, not only in this browser', async ({ page }) => {
    await page.goto(`${baseUrl}/adminlogin`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const verify = () =>
      page.request.get(`${baseUrl}/api/auth/verify`, { headers: { Authorization: `Bearer ${token ?? ''}` } });
    expect((await verify()).status()).toBe(200);

    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await new AdminPage(page).answerConfirm('Are you sure you want to logout?', 'Logout');
    expect((await logout).status()).toBe(200);
    await page.waitForURL(`${baseUrl}/`);
    expect((await verify()).status()).toBe(401);
  });

  test('every answer carries HSTS, static files included', async ({ request }) => {
    for (const url of ['/', '/career', '/api/health', '/no-such-page']) {
      const res = await request.get(`${baseUrl}${url}`);
      expect(res.headers()['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
    }
  });
});
