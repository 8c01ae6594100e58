/**
 * The server's log on stdout when the process ends: a child boots the API (bootApi, as main.ts and
 * api-only.ts do), logs many lines through its logger, then crashes or shuts down. Every line must
 * reach stdout, in order, and a crash must add one `fatal` line and exit with code 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Enough bytes (about 1.5 MB) that most are still queued for stdout when the child ends. */
const LINES = 20_000;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `ending` after LINES log lines in a booted child; resolves with its exit code and stdout lines. */
async function childEnding(ending: string): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-log-flush-'));
  dirs.push(dataDir);
  const script = `void (async () => {
    const { bootApi } = await import('./src/server/boot.ts');
    const api = await bootApi();
    for (let i = 0; i < ${LINES}; i++) api.logger.info({ i }, 'before the end');
    ${ending}
  })();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'log-flush@example.com',
      ADMIN_PASSWORD: 'log flush test password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}\nstderr: ${stderr}`);
      }
    });
  return { code, lines };
}

function expectEveryLine(lines: Record<string, unknown>[]): void {
  const numbers = lines.filter((l) => l['msg'] === 'before the end').map((l) => l['i']);
  expect(numbers).toHaveLength(LINES);
  expect(numbers.every((n, index) => n === index)).toBe(true);
}

describe('log lines when the process ends', () => {
  it('an uncaught exception logs one fatal line with its stack after every pending line, exit code 1', async () => {
    const { code, lines } = await childEnding(`setImmediate(() => { throw new Error('crash for the log test'); });`);
    expect(code).toBe(1);
    expectEveryLine(lines);
    const fatal = lines.filter((l) => l['level'] === 'fatal');
    expect(fatal).toEqual([expect.objectContaining({ msg: 'uncaught exception', error: 'crash for the log test' })]);
    expect(fatal[0]?.['stack']).toMatch(/^Error: crash for the log test\n\s+at /);
    expect(lines.findIndex((l) => l['level'] === 'fatal')).toBeGreaterThan(
      lines.findIndex((l) => l['i'] === LINES - 1),
    );
  });

  it('an unhandled rejection does the same', async () => {
    const { code, lines } = await childEnding(`void Promise.reject(new TypeError('rejected for the log test'));`);
    expect(code).toBe(1);
    expectEveryLine(lines);
    expect(lines.filter((l) => l['level'] === 'fatal')).toEqual([
      expect.objectContaining({ msg: 'unhandled rejection', error: 'rejected for the log test' }),
    ]);
  });

  it("close() writes every pending line before the caller's process.exit()", async () => {
    const { code, lines } = await childEnding(`await api.close(); process.exit(0);`);
    expect(code).toBe(0);
    expectEveryLine(lines);
    expect(lines.filter((l) => l['level'] === 'fatal')).toEqual([]);
  });
});
