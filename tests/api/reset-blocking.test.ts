/**
 * Nobody else can block or cancel an admin's password reset: requests from other clients are
 * throttled on their own, beyond the limit silently, and never void a link already mailed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { call, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      // Delivery is not needed: the link is read from the queued mail (no worker runs here).
      mail: { ...defaultApiConfig.mail, smtpUrl: 'smtp://127.0.0.1:9', siteUrl: 'https://www.example.org' },
      rateLimits: {
        loginPerIp: { max: 20, windowMs: 15 * 60_000 },
        loginPerEmail: { max: 5, windowMs: 15 * 60_000 },
      },
    },
  });
});
afterAll(async () => {
  await api.close();
});

const forgot = (from: string) =>
  call(api.app, 'POST', '/api/auth/forgot', { json: { email: api.admin.email }, headers: { 'X-Forwarded-For': from } });
const reset = (token: string, password: string) =>
  call(api.app, 'POST', '/api/auth/reset', { json: { token, password }, headers: { 'X-Forwarded-For': '192.0.2.99' } });

/** The tokens of every queued reset mail, oldest first. */
async function mailedTokens(): Promise<string[]> {
  const rows = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('kind', '=', 'password_reset')
    .orderBy('id')
    .execute();
  return rows.map((r) => /adminlogin\?reset=([A-Za-z0-9_-]+)/.exec(r.text_body)?.[1] ?? '');
}

/** The tokens once `count` reset mails are queued: a link is queued just after the 202. */
async function tokensOnceQueued(count: number): Promise<string[]> {
  await expect.poll(async () => (await mailedTokens()).length, { timeout: 15_000, interval: 20 }).toBe(count);
  return mailedTokens();
}

describe('a reset nobody else can block', () => {
  it("lets the admin's first link work after other clients asked for more", async () => {
    expect((await forgot('203.0.113.10')).status).toBe(202);
    const [first] = await tokensOnceQueued(1);
    for (let i = 0; i < 3; i++) expect((await forgot(`198.51.100.${i + 1}`)).status).toBe(202);
    expect(await tokensOnceQueued(4)).toHaveLength(4);
    expect((await reset(first!, 'the first link still works')).status).toBe(200);
  });

  it("does not let 20 requests from one client stop another client's mail and link", async () => {
    const attacker = '2001:db8:bad::1';
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) statuses.add((await forgot(attacker)).status);
    expect([...statuses]).toEqual([202]);
    // The attacker's first 5 (its limit per e-mail and network) are queued; the rest are dropped.
    const before = (await tokensOnceQueued(9)).length;
    expect((await forgot('203.0.113.20')).status).toBe(202);
    const tokens = await tokensOnceQueued(before + 1);
    expect((await reset(tokens.at(-1)!, 'the admin got a working link')).status).toBe(200);
  });

  it('answers an address past its limits exactly like any other request', async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const res = await forgot('2001:db8:bad::2');
      expect(res.status).toBe(202);
      expect(res.headers.get('retry-after')).toBeNull();
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
  });
});
