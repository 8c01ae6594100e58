/**
 * Mail counters for bench:load: a capturing SMTP server on loopback (smtp-server, counting, not
 * parsing) for the server's SMTP_URL, and the outbox read through GET /api/outbox: mails sent per
 * second during the load, the oldest pending mail's age when the load ends, and how long until
 * nothing is pending.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import type { OutboxList } from '~/lib/schemas';

/** Pending mail must be gone this long after the load ends. */
const DRAIN_LIMIT_MS = 30_000;

export type MailCounter = {
  /** Environment for the server under test. */
  env: Record<string, string>;
  /** Call when the load ends: counts what was delivered and what still waits. */
  atLoadEnd(base: string, token: string, loadSeconds: number): Promise<void>;
  /** Waits (at most 30 s after the load) for the outbox to empty; returns report lines and the check. */
  report(base: string, token: string): Promise<{ lines: string[]; check: [string, boolean] }>;
  stop(): Promise<void>;
};

async function outbox(base: string, token: string): Promise<OutboxList> {
  const res = await fetch(`${base}/api/outbox`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/outbox answered ${res.status}`);
  return (await res.json()) as OutboxList;
}

export async function startMailCounter(): Promise<MailCounter> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  let loadEnded = 0;
  let atEnd = { sentPerSecond: 0, pending: 0, oldestAgeS: 0 };

  return {
    // The worker looks for due mail every half second, so the counts follow the load closely.
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_POLL_SECONDS: '0.5' },
    async atLoadEnd(base, token, loadSeconds) {
      loadEnded = performance.now();
      const list = await outbox(base, token);
      const oldest = list.oldestPendingAt ? Date.now() - Date.parse(list.oldestPendingAt) : 0;
      atEnd = {
        sentPerSecond: Math.round((received / loadSeconds) * 10) / 10,
        pending: list.counts.pending,
        oldestAgeS: Math.round(oldest / 100) / 10,
      };
    },
    async report(base, token) {
      let list = await outbox(base, token);
      while (list.counts.pending > 0 && performance.now() - loadEnded < DRAIN_LIMIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        list = await outbox(base, token);
      }
      const drainedS = Math.round((performance.now() - loadEnded) / 100) / 10;
      const { pending, sent, failed } = list.counts;
      return {
        lines: [
          `mails: ${atEnd.sentPerSecond} sent/s during the load; at its end ${atEnd.pending} pending, the oldest ${atEnd.oldestAgeS} s old; ` +
            `${drainedS} s later ${pending} pending, ${sent} sent, ${failed} failed, ${received} received by the SMTP server`,
        ],
        check: [`0 mails pending 30 s after the load (${pending} after ${drainedS} s)`, pending === 0],
      };
    },
    stop: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
