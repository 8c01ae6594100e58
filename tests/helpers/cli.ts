/** Runs the admin CLI (`npm run admin -- …`, compiled once per run) the way an operator would. */
import { spawn } from 'node:child_process';
import { compiledEntry } from './compiled-server';

export type CliTarget = { dataDir: string; databaseUrl?: string | undefined };
export type CliResult = { code: number | null; out: string; err: string };

/**
 * The CLI with `args` on `target`'s storage, `stdin` as what the operator types (a password), and
 * `env` for any other setting. Asynchronous, so the test worker stays responsive while a busy
 * machine starts the process.
 */
export function runAdminCli(
  args: string[],
  target: CliTarget,
  { stdin = '', env = {} }: { stdin?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiledEntry('admin'), ...args], {
      env: {
        ...process.env,
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}
