/**
 * The e-mail suite's own server: the production build (dist/) on a free port, with SMTP_URL
 * pointing at a capturing SMTP server inside the Playwright worker and SITE_URL set to the
 * server itself, so the links in the mails can be followed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../../playwright.config';
import { openDatabase } from '../../src/server/db';
import { freePort } from '../../support/free-port';
import { startBuiltServer } from '../helpers/server';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

export type MailServer = {
  url: string;
  smtp: SmtpCapture;
  /** The server's SQLite database (test setup only: e.g. to age a reset link). */
  openDb(): ReturnType<typeof openDatabase>;
  stop(): Promise<void>;
};

export async function startMailServer(env: Record<string, string> = {}): Promise<MailServer> {
  const smtp = await startSmtpCapture();
  // A port chosen first: SITE_URL, which the links in the mails lead to, names it.
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(process.env['E2E_DATA_DIR'] ?? tmpdir(), 'mail-'));
  const server = await startBuiltServer('the mail test server', {
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: 'dist',
    SITE_URL: `http://127.0.0.1:${port}`,
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
  });
  return {
    url: server.url,
    smtp,
    openDb: () => openDatabase({ dataDir }),
    async stop() {
      await server.stop();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
