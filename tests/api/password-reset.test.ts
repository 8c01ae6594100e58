/**
 * Password reset by e-mail: a neutral answer whatever the address, the link mailed through the
 * outbox to a real SMTP server, a single-use token that expires after 30 minutes, sessions signed
 * before the reset answering 401, rate limits, and the CLI fallback without SMTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { call, setupApi, type TestApi } from '../../support/api';
import { startMailingApi, type MailingApi } from '../helpers/outbox-worker';
import type { SmtpCapture } from '../../support/smtp';

/** Waits for a state the worker reaches on its own; a busy two-core machine can take seconds. */
const poll = <T>(fn: () => Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 50 });

const SITE = 'https://www.example.org';
const NEUTRAL = { message: 'If an admin account exists for that address, a reset link is on its way.' };
const INVALID = { message: 'This reset link is invalid or has expired.' };

let smtp: SmtpCapture;
let api: TestApi;
let mailing: MailingApi;
let clock = Date.now();

beforeAll(async () => {
  mailing = await startMailingApi({ siteUrl: SITE, loginPerEmail: 5, now: () => new Date(clock) });
  ({ api, smtp } = mailing);
});
afterEach(() => {
  smtp.mails.length = 0;
});
afterAll(() => mailing.close());

const forgot = (email: string) => call(api.app, 'POST', '/api/auth/forgot', { json: { email } });
const reset = (token: string, password: string) =>
  call(api.app, 'POST', '/api/auth/reset', { json: { token, password } });
const login = (password: string) => call(api.app, 'POST', '/api/admin', { json: { email: api.admin.email, password } });

/** Asks for a link and returns the token from the mail that arrives. */
async function requestLink(email = api.admin.email): Promise<string> {
  const count = smtp.mails.length;
  const res = await forgot(email);
  expect(res.status).toBe(202);
  const mails = await smtp.waitFor(count + 1);
  const mail = mails[mails.length - 1]!;
  expect(mail.to).toEqual([api.admin.email]);
  const link = /https:\/\/www\.example\.org\/adminlogin\?reset=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  expect(link, mail.parsed.text).not.toBeNull();
  expect(String(mail.parsed.html)).toContain(`href="${link![0]}"`);
  return link![1]!;
}

describe('password reset by e-mail', () => {
  it('tells the login page that reset by e-mail is available', async () => {
    const res = await call(api.app, 'GET', '/api/auth/forgot');
    expect(await res.json()).toEqual({ byEmail: true });
  });

  it('answers the same neutral 202 for a known and an unknown address, and mails only the known one', async () => {
    const unknown = await forgot('nobody@example.com');
    expect(unknown.status).toBe(202);
    expect(await unknown.json()).toEqual(NEUTRAL);
    const token = await requestLink(api.admin.email.toUpperCase());
    expect(token.length).toBeGreaterThan(40);
    expect(smtp.mails.map((m) => m.to[0])).toEqual([api.admin.email]);
    expect(smtp.mails[0]?.parsed.subject).toBe('Reset your EdgeCraft AI admin password');
    // The token is stored only as a hash, and the delivered mail's body is not kept.
    const stored = await api.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    await poll(async () =>
      (await api.db.selectFrom('outbox').select(['text_body', 'status']).where('kind', '=', 'password_reset').execute())
        .filter((r) => r.status === 'sent')
        .some((r) => r.text_body.includes(token)),
    ).toBe(false);
    // The log names neither address.
    expect(JSON.stringify(api.logs)).not.toMatch(/nobody@example\.com|admin@example\.com/i);
  });

  it('sets a new password once: the old password and every earlier session stop working, the link too', async () => {
    const oldSession = ((await (await login(api.admin.password)).json()) as { token: string }).token;
    const token = await requestLink();

    const res = await reset(token, 'a brand new long password');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Your password has been changed. Sign in with the new password.',
      email: api.admin.email,
    });
    expect(api.logs.some((l) => l['msg'] === 'password reset by e-mail link' && l['adminId'] === api.admin.id)).toBe(
      true,
    );

    expect((await call(api.app, 'GET', '/api/auth/verify', { token: oldSession })).status).toBe(401);
    expect((await login(api.admin.password)).status).toBe(401);
    expect((await login('a brand new long password')).status).toBe(200);

    const reused = await reset(token, 'yet another long password');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(INVALID);
    api.admin.password = 'a brand new long password';
  });

  it('refuses a link after 30 minutes', async () => {
    const token = await requestLink();
    clock += 30 * 60_000 + 1000;
    const res = await reset(token, 'too late but long enough');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(INVALID);
  });

  it('keeps an earlier link valid when a new one is asked for; using one voids the other', async () => {
    const first = await requestLink();
    const second = await requestLink();
    expect((await reset(first, 'first link long password')).status).toBe(200);
    expect((await reset(second, 'second link long password')).status).toBe(400);
    api.admin.password = 'first link long password';
  });

  it('applies the CLI password rule and rejects made-up tokens', async () => {
    const short = await reset('whatever', 'short');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      message: 'The password must be at least 12 characters.',
      errors: { password: 'The password must be at least 12 characters.' },
    });
    const bogus = await reset('not-a-real-token-at-all', 'a long enough password');
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toEqual(INVALID);
    const bad = await call(api.app, 'POST', '/api/auth/forgot', { json: { email: 'not an address' } });
    expect(bad.status).toBe(400);
  });

  it('answers 202 past the limit per e-mail and address, and queues no more mail', async () => {
    const queued = async () =>
      (await api.db.selectFrom('outbox').select('id').where('kind', '=', 'password_reset').execute()).length;
    // A fresh window, whatever the tests before asked for.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() + 60 * 60_000 });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const before = await queued();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await forgot(api.admin.email)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202]);
    // Links are queued just after the answer.
    await poll(queued).toBe(before + 5);
    expect(await queued()).toBe(before + 5);
  });
});

describe('password reset without SMTP_URL', () => {
  let plain: TestApi;
  beforeAll(async () => {
    plain = await setupApi();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('is not offered: the login page keeps the CLI instructions', async () => {
    expect(await (await call(plain.app, 'GET', '/api/auth/forgot')).json()).toEqual({ byEmail: false });
    const res = await call(plain.app, 'POST', '/api/auth/forgot', { json: { email: plain.admin.email } });
    expect(res.status).toBe(503);
    expect(await plain.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });
});

describe('password reset timing', () => {
  let timed: TestApi;
  const limit = { max: 1_000_000, windowMs: 60_000 };
  beforeAll(async () => {
    timed = await setupApi({
      config: {
        // Configured, never dialled: no worker runs here, the links stay queued.
        mail: { ...defaultApiConfig.mail, smtpUrl: 'smtp://127.0.0.1:9' },
        rateLimits: { loginPerIp: limit, loginPerEmail: limit },
      },
    });
  });
  afterAll(async () => {
    await timed.close();
  });

  /** Each request's lookup, queued after its answer, logs one of these when it is done. */
  const lookedUp = () => timed.logs.filter((line) => String(line['msg']).startsWith('password reset requested')).length;
  const settle = async (requests: number) => {
    while (lookedUp() < requests) await new Promise((resolve) => setImmediate(resolve));
  };
  /** The answer as a client sees it, less the headers that differ between any two requests. */
  const visible = async (res: Response) => {
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
    return { status: res.status, headers, body: await res.text() };
  };

  it('answers a known and an unknown address before either is looked up, with the same bytes', async () => {
    const answers = [];
    for (const [index, email] of [timed.admin.email, 'nobody.here@example.com'].entries()) {
      const res = await call(timed.app, 'POST', '/api/auth/forgot', { json: { email } });
      // Nothing has read the admins table yet, so nothing about the address can shape the answer.
      expect(lookedUp()).toBe(index);
      answers.push(await visible(res));
      await settle(index + 1);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(202);
    const links = await timed.db.selectFrom('password_resets').select('id').execute();
    expect(links).toHaveLength(1);
  });
});
