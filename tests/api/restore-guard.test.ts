/**
 * A restore is safe for people and inboxes: back up, erase someone, deliver the mail, restore the
 * backup, start again: the erased person is gone again and the backup's unsent mails wait for an
 * owner instead of going out a second time.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant, OutboxList } from '~/lib/schemas';
import { TEST_DATABASE_URL, validApplicant, validJob } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { pdfBytes } from '../../support/files';
import { startApiServer, type RunningServer } from '../helpers/server';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

/** Waits for a state the server reaches on its own; a busy two-core machine can take seconds. */
const poll = <T>(fn: () => Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 50 });

const ADMIN = { email: 'restore-owner@example.com', password: 'restore test password' };
const ERASED = 'erased.person@example.com';
const KEPT = 'kept.person@example.com';

describe.skipIf(TEST_DATABASE_URL)('a restored backup', { timeout: 180_000 }, () => {
  let root: string;
  let dataDir: string;
  let smtp: SmtpCapture;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-restore-guard-test-'));
    dataDir = path.join(root, 'data');
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await stop();
    await smtp.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** The one server of this DATA_DIR: a running one is stopped first. */
  async function start(withMail: boolean): Promise<RunningServer> {
    await stop();
    server = await startApiServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: withMail ? smtp.url : '',
        MAIL_POLL_SECONDS: '0.1',
      },
      0,
    );
    return server;
  }

  async function stop(): Promise<void> {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGTERM');
    await server.exited;
  }

  async function call<T>(method: string, route: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server!.url}${route}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, `${method} ${route}`).toBeLessThan(300);
    return (await res.json()) as T;
  }

  async function login(): Promise<string> {
    const res = await fetch(`${server!.url}/api/admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    return ((await res.json()) as { token: string }).token;
  }

  async function applyAs(jobId: number, email: string): Promise<void> {
    const form = new FormData();
    form.set('jobId', String(jobId));
    for (const [key, value] of Object.entries({ ...validApplicant, email, consent: 'true' })) form.set(key, value);
    form.set('resume', new File([pdfBytes() as Uint8Array<ArrayBuffer>], 'cv.pdf', { type: 'application/pdf' }));
    const res = await fetch(`${server!.url}/api/applicants/apply`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
  }

  it('erases again whoever was erased after the backup, and holds its unsent mails until an owner decides', async () => {
    // Applications whose mails are still queued when the backup is taken (no mail server yet).
    await start(false);
    let token = await login();
    const { job } = await call<{ job: { id: number } }>('POST', '/api/job', token, validJob);
    await applyAs(job.id, ERASED);
    await applyAs(job.id, KEPT);
    const backup = path.join(root, 'backup.sqlite');
    expect((await runAdminCli(['backup', backup], { dataDir, databaseUrl: '' })).code).toBe(0);

    // After the backup: one person is erased, and the rest of the mail goes out.
    await call('POST', '/api/erasure', token, { email: ERASED });
    await stop();
    await start(true);
    token = await login();
    await poll(async () => (await call<OutboxList>('GET', '/api/outbox', token)).counts.pending).toBe(0);
    const delivered = smtp.mails.length;
    expect(delivered).toBeGreaterThan(0);
    expect(smtp.mails.flatMap((mail) => mail.to)).not.toContain(ERASED);
    await stop();

    const restored = await runAdminCli(['restore', backup], { dataDir, databaseUrl: '' });
    expect(restored.code).toBe(0);
    expect(readdirSync(dataDir)).toContain('erasures.ledger');
    const keptCopies = () => readdirSync(dataDir).filter((name) => name.includes('.before-restore-'));
    expect(keptCopies()).toHaveLength(1);

    await start(true);
    // The server started on the restored database: the copy kept to undo the restore is gone.
    expect(keptCopies()).toEqual([]);
    token = await login();
    const { applicants } = await call<{ applicants: Applicant[] }>('GET', '/api/applicants', token);
    expect(applicants.map((a) => a.email)).toEqual([KEPT]);
    const outbox = await call<OutboxList>('GET', '/api/outbox', token);
    expect(outbox.counts).toMatchObject({ pending: 0, held: delivered });
    expect(outbox.mails.filter((mail) => mail.status === 'held')).toHaveLength(delivered);
    expect(outbox.mails.map((mail) => mail.recipient)).not.toContain(ERASED);
    expect(readdirSync(dataDir)).not.toContain('restored-from-backup');

    // Held mails go out only when an owner says so: here, discarded, and nothing is sent twice.
    const discarded = await call<{ count: number }>('POST', '/api/outbox/held/discard', token);
    expect(discarded.count).toBe(delivered);
    expect((await call<OutboxList>('GET', '/api/outbox', token)).counts.held).toBe(0);
    expect(smtp.mails).toHaveLength(delivered);
  });

  it('after-restore (for pg_restore) holds the unsent mails and says how many', async () => {
    await start(false);
    const res = await fetch(`${server!.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lead', email: 'lead@example.com', subject: 'After restore', message: 'Hello' }),
    });
    expect(res.status).toBe(201);
    await stop();
    const cli = await runAdminCli(['after-restore'], { dataDir, databaseUrl: '' });
    expect(cli.out).toBe(
      'Erased again 0 people and unsubscribed again 0 job alerts on the erasure ledger; held 1 unsent mail for an owner to send or discard in the Outbox tab.\n',
    );
    await start(false);
    const outbox = await call<OutboxList>('GET', '/api/outbox', await login());
    expect(outbox.mails.find((mail) => mail.subject === 'New contact message: After restore')?.status).toBe('held');
  });
});
