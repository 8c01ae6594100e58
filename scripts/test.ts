/**
 * `npm test`: lint, type checks, unit and API tests, the production build, then the browser tests
 * against the real server. Stops at the first failing step and ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './bench-lib/free-port';

const rootDir = new URL('../', import.meta.url).pathname;
const resultsDir = join(rootDir, 'test-results');
const counts = { passed: 0, failed: 0, skipped: 0 };

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

function countVitest(path: string): void {
  const report = readJson(path) as { numPassedTests: number; numFailedTests: number; numPendingTests: number } | null;
  if (!report) return;
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests;
}

function countPlaywright(path: string): void {
  const report = readJson(path) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  } | null;
  if (!report) return;
  counts.passed += report.stats.expected + report.stats.flaky;
  counts.failed += report.stats.unexpected;
  counts.skipped += report.stats.skipped;
}

function finish(ok: boolean): never {
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(ok && counts.failed === 0 ? 0 : 1);
}

rmSync(resultsDir, { recursive: true, force: true });
if (!run('Chromium for browser tests', 'bash', ['scripts/ensure-chromium.sh'])) finish(false);
if (!run('Lint, format and dead-code checks', 'npm', ['run', 'lint'])) finish(false);
if (!run('Type check (astro check)', 'npx', ['astro', 'check'])) finish(false);

const vitestJson = join(resultsDir, 'vitest.json');
const unitOk = run('Unit and API tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
countVitest(vitestJson);
if (!unitOk) finish(false);

if (!run('Production build', 'npm', ['run', 'build'])) finish(false);

const dataDir = mkdtempSync(join(tmpdir(), 'edgecraft-e2e-'));
const playwrightJson = join(resultsDir, 'playwright.json');
const e2eOk = run('Browser tests (playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  E2E_PORT: String(await freePort()),
  E2E_EMAILJS_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
});
countPlaywright(playwrightJson);
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-emailjs`, { recursive: true, force: true });
finish(e2eOk);
