/**
 * `npm test`: lint and type checks, unit and API tests, the production builds and the tests of the
 * built pages, the editing round trip in `astro dev` (Keystatic, on a copy of the project), then the
 * browser tests against the real server. Steps that do not depend on each other run side by side; a
 * failed step ends the run, with one summary line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';

const rootDir = new URL('../', import.meta.url).pathname;
const resultsDir = join(rootDir, 'test-results');
const counts = { passed: 0, failed: 0, skipped: 0 };
/** Steps that failed, named in the summary: a type or lint error fails a run without failing a test. */
const failedSteps: string[] = [];

type Step = { label: string; command: string; args: string[]; env?: Record<string, string> };

/**
 * Runs lanes side by side, the steps of a lane one after another (a lane stops at its first
 * failure). Each step's output is held and printed whole when it ends, so logs do not interleave.
 */
async function runLanes(...lanes: Step[][]): Promise<boolean> {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        const started = Date.now();
        const { ok, output } = await spawnStep(step, 'pipe');
        console.log(`\n▶ ${step.label} (${Math.round((Date.now() - started) / 1000)} s)\n${output}`);
        if (!ok) return false;
      }
      return true;
    }),
  );
  return results.every(Boolean);
}

/** Runs one step; 'inherit' shows its output live, 'pipe' hands it back. */
function spawnStep(step: Step, stdio: 'inherit' | 'pipe'): Promise<{ ok: boolean; output: string }> {
  if (stdio === 'inherit') console.log(`\n▶ ${step.label}`);
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: rootDir, stdio, env: { ...process.env, ...step.env } });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    let ended = false;
    // A process that cannot start reports 'error' and may then 'close' too: one end per step.
    const end = (ok: boolean, output: string) => {
      if (ended) return;
      ended = true;
      if (!ok) failedSteps.push(step.label);
      resolve({ ok, output });
    };
    child.once('error', (error) => end(false, String(error)));
    child.once('close', (code) => end(code === 0, Buffer.concat(chunks).toString()));
  });
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
  const stopped = failedSteps.length ? `; failed: ${failedSteps.join(', ')}` : '';
  console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${stopped}`);
  process.exit(ok && counts.failed === 0 ? 0 : 1);
}

rmSync(resultsDir, { recursive: true, force: true });
const chromium = { label: 'Chromium for browser tests', command: 'bash', args: ['scripts/ensure-chromium.sh'] };
if (!(await spawnStep(chromium, 'inherit')).ok) finish(false);

const vitestJson = join(resultsDir, 'vitest.json');
const siteJson = join(resultsDir, 'vitest-site.json');
const devJson = join(resultsDir, 'playwright-dev.json');
// Three lanes at once: the API tests spend much of their time waiting on the servers and CLIs they
// start, which leaves room for the checks and the builds on two cores.
const checksOk = await runLanes(
  [
    { label: 'Lint, format and dead-code checks', command: 'npm', args: ['run', 'lint'] },
    { label: 'Type check (astro check)', command: 'npx', args: ['astro', 'check'] },
    // A few minutes: the tests work on their own copy of the project, sharing nothing with the builds.
    {
      label: 'Editing round trip in astro dev (Keystatic)',
      command: 'npx',
      args: ['playwright', 'test', '--config', 'playwright.dev.config.ts', '--reporter=list,json'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: devJson },
    },
  ],
  [
    {
      label: 'Unit and API tests (vitest)',
      command: 'npx',
      args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    },
  ],
  [
    { label: 'Production build', command: 'npm', args: ['run', 'build'] },
    // The built pages' markup, metadata, links and feed, read from dist/ without a browser.
    {
      label: 'Built-site tests (vitest)',
      command: 'npx',
      args: [
        ...['vitest', 'run', '--config', 'vitest.site.config.ts'],
        ...['--reporter=default', '--reporter=json', `--outputFile.json=${siteJson}`],
      ],
    },
  ],
);
countVitest(vitestJson);
countVitest(siteJson);
countPlaywright(devJson);
if (!checksOk) finish(false);

const dataDir = mkdtempSync(join(tmpdir(), 'edgecraft-e2e-'));
const playwrightJson = join(resultsDir, 'playwright.json');
const e2e = await spawnStep(
  {
    label: 'Browser tests (playwright)',
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: {
      E2E_PORT: String(await freePort()),
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  },
  'inherit',
);
countPlaywright(playwrightJson);
rmSync(dataDir, { recursive: true, force: true });
finish(e2e.ok);
