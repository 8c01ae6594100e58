/**
 * The e-mail suite's own server: the production build (dist/) on a free port, with SMTP_URL
 * pointing at a capturing SMTP server inside the Playwright worker and SITE_URL set to the
 * server itself, so the links in the mails can be followed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../../playwright.config';
import { freePort } from '../helpers/free-port';
import { openDatabase } from '../../src/server/db';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';

export type MailServer = {
  url: string;
  smtp: SmtpCapture;
  /** The server's SQLite database (test setup only: e.g. to age a reset link). */
  openDb(): ReturnType<typeof openDatabase>;
  stop(): Promise<void>;
};

export async function startMailServer(env: Record<string, string> = {}): Promise<MailServer> {
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(process.env['E2E_DATA_DIR'] ?? tmpdir(), 'mail-'));
  const child = spawn(process.execPath, ['dist/node/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: 'dist',
      SITE_URL: url,
      SMTP_URL: smtp.url,
      HIRING_TEAM_EMAIL: 'hiring@example.org',
      SALES_EMAIL: 'sales@example.org',
      MAIL_POLL_SECONDS: '0.2',
      MAIL_RETRY_DELAYS_SECONDS: '0.3',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      JWT_SECRET: 'e2e-mail-secret-that-is-long-enough-for-hs256',
      SPAM_MIN_FILL_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error('the mail test server exited before answering /api/health');
    if (Date.now() > deadline) throw new Error('the mail test server did not answer /api/health in 30 s');
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    smtp,
    openDb: () => openDatabase({ dataDir }),
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
