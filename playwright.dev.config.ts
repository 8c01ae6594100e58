import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * The tests that need `astro dev` (Keystatic's UI exists only there): one spec that works on its own
 * copy of the project, starting its own dev server and building the copy. `npm test` runs it once
 * (scripts/test.ts); alone: `npm run test:dev`.
 */
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: 'tests/dev',
  // Playwright empties its output folder when it starts: not test-results/ itself, where the lanes that run
  // beside this one (scripts/test.ts) leave their reports.
  outputDir: 'test-results/dev',
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  workers: 1,
  timeout: 420_000,
  // The dev server compiles each page on first request, on a machine busy with the other lanes of npm test.
  expect: { timeout: 30_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    },
  },
});
