/**
 * Delivery by the real server process: a SIGKILL while a committed mail is being delivered still
 * delivers it exactly once after the restart, which takes the killed process's leases back, and two instances on one PostgreSQL deliver 200
 * queued mails with no duplicate and none missing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMails, openDatabase, type NewMail } from '~/server/db';
import { processStorage, TEST_DATABASE_URL } from '../../support/api';
import { startApiServer, type RunningServer } from '../helpers/server';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

/** Waits for a state the worker reaches on its own; a busy two-core machine can take seconds. */
const poll = <T>(fn: () => Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 50 });

let smtp: SmtpCapture;
let storage: Awaited<ReturnType<typeof processStorage>>;
const servers: RunningServer[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  storage = await processStorage('outbox');
});
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  smtp.mails.length = 0;
  smtp.mode = 'accept';
});
afterAll(async () => {
  await smtp.stop();
  await storage.remove();
});

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startApiServer(
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      SMTP_URL: smtp.url,
      SALES_EMAIL: 'sales@example.org',
      MAIL_POLL_SECONDS: '0.1',
      MAIL_LEASE_SECONDS: '1',
      MAIL_RETRY_DELAYS_SECONDS: '0.2,0.2,0.2',
      CONTACT_RATE_LIMIT_PER_IP: '1000',
      ...env,
    },
    0,
  );
  servers.push(server);
  return server;
}

function openDb() {
  return openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined, poolSize: 2 });
}

describe('outbox delivery by the server process', () => {
  it('delivers a mail exactly once, without waiting for its lease, when the server is killed during its delivery and restarted', async () => {
    smtp.mode = 'hold';
    const held = smtp.held();
    // A lease longer than the test: the restarted server must take the killed one's lease back itself.
    const longLease = { MAIL_LEASE_SECONDS: '3600' };
    const first = await start(longLease);
    const res = await fetch(`${first.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Crash', email: 'crash@example.com', subject: 'Killed mid-send', message: 'Hi' }),
    });
    expect(res.status).toBe(201);
    await held; // committed, claimed, and on the wire: no answer from the SMTP server yet
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(smtp.mails).toEqual([]);

    smtp.mode = 'accept';
    await start(longLease);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe('New contact message: Killed mid-send');

    const handle = openDb();
    try {
      const row = async () =>
        handle.db
          .selectFrom('outbox')
          .select(['status', 'attempts', 'message_id'])
          .where('subject', '=', 'New contact message: Killed mid-send')
          .executeTakeFirstOrThrow();
      await poll(async () => (await row()).status).toBe('sent');
      const sent = await row();
      // The attempt cut off by the kill counts; the mail went out once, under its one Message-ID.
      expect(Number(sent.attempts)).toBe(2);
      expect(smtp.byMessageId(sent.message_id)).toHaveLength(1);
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await handle.close();
    }
  }, 90_000);

  it.skipIf(!TEST_DATABASE_URL)(
    'delivers 200 queued mails from two instances on one PostgreSQL with no duplicate and none missing',
    async () => {
      await Promise.all([start(), start()]);
      const mails: NewMail[] = Array.from({ length: 200 }, (_, i) => ({
        kind: 'new_contact',
        to: `lead${i}@example.com`,
        subject: `Queued mail ${i}`,
        text: `Mail ${i}`,
        html: `<p>Mail ${i}</p>`,
        messageId: `<queued-${i}@example.org>`,
      }));
      const handle = openDb();
      try {
        await enqueueMails(handle.db, mails, new Date());
        await smtp.waitFor(200, 60_000);
        await poll(
          async () =>
            (
              await handle.db
                .selectFrom('outbox')
                .select('id')
                .where('status', '=', 'sent')
                .where('subject', 'like', 'Queued mail %')
                .execute()
            ).length,
          30_000,
        ).toBe(200);
        const ids = smtp.mails.map((m) => m.messageId);
        const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
        expect(twice).toEqual([]);
        expect(ids).toHaveLength(200);
        expect(new Set(ids).size).toBe(200);
        expect([...ids].sort()).toEqual(mails.map((m) => m.messageId).sort());
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});
