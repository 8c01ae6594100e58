import { defineConfig, devices } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Ports and data folder come from scripts/test.ts, which picks free ports; defaults for a manual run. */
const port = Number(process.env['E2E_PORT'] ?? 4510);
const dataDir = process.env['E2E_DATA_DIR'] ?? '/tmp/edgecraft-e2e-data';
/**
 * Debian's chromium (scripts/ensure-chromium.sh), else Playwright's own. Not chromium-headless-shell:
 * it runs the suite a tenth faster, but at times stops producing frames, and a page then waits
 * forever on requestAnimationFrame.
 */
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-Password-1234' };
const serverEnv = (extra: Record<string, string>) => ({
  ...(process.env as Record<string, string>),
  HOST: '127.0.0.1',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
  // The suites log in and send messages far more often than a person would.
  LOGIN_RATE_LIMIT_PER_IP: '10000',
  LOGIN_RATE_LIMIT_PER_EMAIL: '10000',
  CONTACT_RATE_LIMIT_PER_IP: '10000',
  APPLY_RATE_LIMIT_PER_IP: '10000',
  CONTACT_RATE_LIMIT_GLOBAL_PER_HOUR: '10000',
  APPLY_RATE_LIMIT_GLOBAL_PER_HOUR: '10000',
  JOB_VIEW_RATE_LIMIT_PER_IP: '10000',
  // A view counts once per network and hour: the Sources tests name a network per view in X-Forwarded-For.
  TRUST_PROXY: 'true',
  // ...and fill forms in milliseconds: the fill-time rule is covered by tests/api/spam.test.ts.
  SPAM_MIN_FILL_MS: '0',
  LOG_LEVEL: 'silent',
  ...extra,
});

/**
 * The phone project runs the specs that ask whether they run on a phone (the narrow layout, touch, the
 * phone menu): the others check what is the same at every width, once, on the desktop.
 */
const PHONE_QUESTION = /\b(isNarrow|isMobile|hasTouch|viewportSize|setViewportSize)\b|\.tap\(/;
const specDir = new URL('tests/e2e/', import.meta.url);
const phoneSpecs = readdirSync(specDir)
  .filter((file) => file.endsWith('.spec.ts') && PHONE_QUESTION.test(readFileSync(new URL(file, specDir), 'utf8')))
  .map((file) => `**/tests/e2e/${file}`);

const browser = {
  launchOptions: {
    ...(chromium ? { executablePath: chromium } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  // Its own folder, which Playwright empties at start, beside the other reports in test-results/.
  outputDir: 'test-results/e2e',
  testDir: 'tests/e2e',
  forbidOnly: Boolean(process.env['CI']),
  // A test that fails once is a bug to fix, never to retry.
  retries: 0,
  // One worker per core the machine offers: more starved each test on a busy two-core runner.
  workers: Math.max(1, availableParallelism()),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // A worker's tests share one browser context that Playwright resets between them (cookies, storage,
    // cache, routes, init scripts, emulation): a fresh context per test, a new renderer process each
    // time, cost a third of the suite's time. Whatever a test changes beyond that, it undoes.
    reuseContext: true,
    // Recording traces of passing tests cost a tenth more; rerun a failure with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    ...browser,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        ...browser,
        viewport: { width: 1280, height: 800 },
        baseURL: `http://127.0.0.1:${port}`,
      },
    },
    {
      name: 'mobile',
      testMatch: phoneSpecs,
      // Tests tagged @once do not depend on the viewport: they run in the desktop project only.
      grepInvert: /@once/,
      use: {
        ...devices['Desktop Chrome'],
        ...browser,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        baseURL: `http://127.0.0.1:${port}`,
      },
    },
  ],
  // Compiles the admin CLI once, as the API tests do, for the specs that run it; with E2E_SPLIT=1, builds dist-split.
  globalSetup: [
    './tests/helpers/compiled-server.ts',
    ...(process.env['E2E_SPLIT'] ? ['./tests/e2e/split-build.ts'] : []),
  ],
  webServer: {
    command: 'npm run serve',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env['CI'],
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
    timeout: 60_000,
  },
});
