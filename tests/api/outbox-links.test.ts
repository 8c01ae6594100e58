/**
 * Mails that carry a link (a team invitation, a password reset, a receipt with its private page link) do not keep it in the
 * outbox: the body goes once the mail is delivered, and the retention sweep removes it from a mail
 * never delivered (failed, or still waiting) once the link has expired, so a backup never holds a
 * link that works. A mail without a link keeps its body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList } from '~/lib/schemas';
import { outboxMessages } from '~/lib/schemas/outbox';
import { INVITATION_TTL_HOURS } from '~/lib/team';
import { defaultApiConfig, type MailSettings } from '~/server/config';
import type { OutboxWorker } from '~/server/mail';
import { purgeExpired } from '~/server/retention/purge';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { startOutboxWorker } from '../helpers/outbox-worker';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';

/** Waits for a state the worker reaches on its own; a busy two-core machine can take seconds. */
const poll = <T>(fn: () => Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 50 });

const SITE = 'https://www.example.org';
const LINK = /https:\/\/www\.example\.org\/adminlogin\?reset=([A-Za-z0-9_-]+)/;
const INVITATION_MS = INVITATION_TTL_HOURS * 3_600_000;

let smtp: SmtpCapture;
let api: TestApi;
let settings: MailSettings;
let worker: OutboxWorker | null = null;
const clock = Date.now();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  settings = { ...defaultApiConfig.mail, smtpUrl: smtp.url, siteUrl: SITE, pollMs: 50 };
  api = await setupApi({ config: { mail: settings }, now: () => new Date(clock) });
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  smtp.mode = 'accept';
});
afterAll(async () => {
  await smtp.stop();
  await api.close();
});

async function outbox(): Promise<OutboxList> {
  const res = await call(api.app, 'GET', '/api/outbox', { token: api.token });
  expect(res.status).toBe(200);
  return (await res.json()) as OutboxList;
}
const mailTo = async (recipient: string) => (await outbox()).mails.find((m) => m.recipient === recipient);

async function invite(email: string): Promise<void> {
  const res = await call(api.app, 'POST', '/api/admins/invite', { token: api.token, json: { email, role: 'viewer' } });
  expect(res.status).toBe(201);
}

/** The stored bodies of the mails to `recipient`, text and HTML together. */
async function storedBodies(recipient: string): Promise<string[]> {
  const rows = await api.db
    .selectFrom('outbox')
    .select(['text_body', 'html_body'])
    .where('recipient', '=', recipient)
    .execute();
  return rows.map((r) => `${r.text_body}\n${r.html_body}`);
}

describe('mails carrying a single-use link', () => {
  it('keeps no link of a delivered invitation, password reset or receipt (its private page link lasts until erasure)', async () => {
    worker = startOutboxWorker(api, settings, () => new Date(clock));
    await invite('invited@example.com');
    expect((await call(api.app, 'POST', '/api/auth/forgot', { json: { email: api.admin.email } })).status).toBe(202);
    const job = await createJobViaApi(api);
    expect((await apply(api, applicationForm(job.id, { email: 'receipt@example.com' }))).status).toBe(201);

    // The invitation, the reset link (queued just after its 202), the team's note and the receipt.
    const mails = await smtp.waitFor(4);
    const invitation = mails.find((m) => m.to.includes('invited@example.com'));
    const token = LINK.exec(invitation?.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect(LINK.test(mails.find((m) => m.to.includes(api.admin.email))?.parsed.text ?? '')).toBe(true);
    await poll(async () => (await outbox()).counts).toMatchObject({ pending: 0, sent: 4, failed: 0 });

    for (const body of [...(await storedBodies('invited@example.com')), ...(await storedBodies(api.admin.email))]) {
      expect(body).not.toContain(token);
      expect(body).not.toMatch(/adminlogin\?reset=/);
    }
    const receipt = mails.find((m) => m.to.includes('receipt@example.com'));
    expect(receipt?.parsed.text).toMatch(/\/application\/[A-Za-z0-9_-]{43}/);
    expect(await storedBodies('receipt@example.com')).toEqual([expect.not.stringMatching(/\/application\//)]);
    // The link in the delivered mail still works: only the outbox's copy is gone.
    const reset = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token, password: 'the invited member chose this' },
    });
    expect(reset.status).toBe(200);
  });

  it('removes the expired link from an invitation that failed or was never sent, and sends neither again', async () => {
    smtp.mode = 'reject';
    worker = startOutboxWorker(api, settings, () => new Date(clock));
    await invite('bounced@example.com');
    await poll(async () => (await mailTo('bounced@example.com'))?.status).toBe('failed');
    await worker.stop();
    worker = null;
    // Queued with no worker running: still waiting when its link expires.
    await invite('waiting@example.com');
    const queuedAt = clock;
    expect(await storedBodies('bounced@example.com')).toEqual([expect.stringMatching(LINK)]);

    const days = defaultApiConfig.retentionDays;
    expect((await purgeExpired(api.db, days, new Date(queuedAt + INVITATION_MS - 1000))).mailLinks).toBe(0);
    expect(await storedBodies('waiting@example.com')).toEqual([expect.stringMatching(LINK)]);
    expect((await purgeExpired(api.db, days, new Date(queuedAt + INVITATION_MS + 1000))).mailLinks).toBe(2);

    for (const recipient of ['bounced@example.com', 'waiting@example.com']) {
      expect(await storedBodies(recipient)).toEqual([expect.not.stringMatching(/adminlogin\?reset=/)]);
    }
    expect(await mailTo('waiting@example.com')).toMatchObject({
      status: 'failed',
      lastError: 'The link expired before the mail was sent.',
    });
    const bounced = (await mailTo('bounced@example.com'))!;
    expect(bounced).toMatchObject({ status: 'failed', lastError: expect.stringContaining('550') });
    const retry = await call(api.app, 'POST', `/api/outbox/${bounced.id}/retry`, { token: api.token });
    expect(retry.status).toBe(409);
    expect(await retry.json()).toEqual({ message: outboxMessages.linkExpired });
    const retryAll = await call(api.app, 'POST', '/api/outbox/failed/retry', { token: api.token });
    expect(await retryAll.json()).toMatchObject({ count: 0 });
    // The receipt of the test before gained no link back, and was not failed: its link has no expiry.
    expect(await storedBodies('receipt@example.com')).toEqual([expect.not.stringMatching(/\/application\//)]);
    expect(await mailTo('receipt@example.com')).toMatchObject({ status: 'sent' });
  });
});
