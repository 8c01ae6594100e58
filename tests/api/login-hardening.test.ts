/**
 * Nobody can lock the admin out, parallel guesses cannot beat the limit, tokens have one
 * spelling and end at logout, and a proxy without TRUST_PROXY is reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { call, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      rateLimits: {
        loginPerIp: { max: 100, windowMs: 60_000 },
        loginPerEmail: { max: 5, windowMs: 60_000 },
      },
      // A slowed attempt here would wait 20 s: "not slowed" then holds however busy the machine is.
      loginSlowdown: { freeFailures: 5, baseMs: 20_000, maxMs: 20_000 },
    },
  });
});
afterAll(async () => {
  await api.close();
});

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const login = (body: unknown, ip: string) =>
  call(api.app, 'POST', '/api/admin', { json: body, headers: { 'X-Forwarded-For': ip } });

/** A second admin per test, so guesses and logouts in one test never touch another's account. */
async function newAdmin(label: string) {
  const email = `${label}@example.com`;
  const password = `${label} password that is long`;
  await insertAdmin(api.db, email, await hashPassword(password));
  return { email, password };
}

describe('login limits (OWASP: per address and per e-mail+address refuse; per e-mail only slows)', () => {
  it('lets the real admin in from a clean address while guesses for the e-mail come from many others', async () => {
    const admin = await newAdmin('target');
    // An attacker spreads 5 guesses over each of 2 addresses: 10 failures for one e-mail, twice the old limit.
    for (let a = 0; a < 2; a++) {
      const ip = freshIp();
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () => login({ email: admin.email, password: 'guess guess' }, ip)),
      );
      expect(statuses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    const started = Date.now();
    const res = await login(admin, freshIp());
    expect(res.status).toBe(200);
    expect(((await res.json()) as { token: string }).token).toMatch(/^ey/);
    // A clean address is not slowed either.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('counts twelve simultaneous guesses before hashing: at most five are checked, the rest get 429', async () => {
    const admin = await newAdmin('parallel');
    const ip = freshIp();
    const results = await Promise.all(
      Array.from({ length: 12 }, () => login({ email: admin.email, password: 'wrong wrong' }, ip)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    for (const r of results.filter((r) => r.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // That address stays refused even with the right password; any other address gets in.
    expect((await login(admin, ip)).status).toBe(429);
    expect((await login(admin, freshIp())).status).toBe(200);
  });

  it('slows an address that keeps failing for an e-mail under attack, with a growing delay', async () => {
    const slow = await setupApi({
      config: { trustProxy: true, loginSlowdown: { freeFailures: 5, baseMs: 400, maxMs: 800 } },
    });
    try {
      const admin = { email: slow.admin.email, password: slow.admin.password };
      const attempt = (body: unknown, ip: string) =>
        call(slow.app, 'POST', '/api/admin', { json: body, headers: { 'X-Forwarded-For': ip } });
      for (const ip of ['192.0.2.201', '192.0.2.202']) {
        for (let i = 0; i < 3; i++) await attempt({ email: admin.email, password: 'nope nope' }, ip);
      }
      // Six failures for the e-mail (five are free): a failing address now waits before its attempt is checked.
      const ip = '192.0.2.203';
      expect((await attempt({ email: admin.email, password: 'first try' }, ip)).status).toBe(401);
      const started = Date.now();
      expect((await attempt({ email: admin.email, password: 'second try' }, ip)).status).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      // The right password from that address is slowed, never refused.
      expect((await attempt(admin, ip)).status).toBe(200);
    } finally {
      await slow.close();
    }
  });

  it('refuses every address past its own limit (LOGIN_RATE_LIMIT_PER_IP)', async () => {
    const limited = await setupApi({
      config: { trustProxy: true, rateLimits: { loginPerIp: { max: 3, windowMs: 60_000 } } },
    });
    try {
      const ip = '198.51.100.200';
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(limited.app, 'POST', '/api/admin', {
          json: { email: `u${i}@example.com`, password: 'x' },
          headers: { 'X-Forwarded-For': ip },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a signature that differs only in the spare bits of its last character', async () => {
    const { token } = await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 600);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1) ?? 'A';
    // A 32-byte signature ends in a character carrying 4 data bits and 2 spare bits.
    const twin = alphabet[alphabet.indexOf(last) ^ 1] ?? last;
    const malleated = `${token.slice(0, -1)}${twin}`;
    expect(Buffer.from(malleated.split('.')[2] ?? '', 'base64url')).toEqual(
      Buffer.from(token.split('.')[2] ?? '', 'base64url'),
    );
    expect((await call(api.app, 'GET', '/api/auth/verify', { token })).status).toBe(200);
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: malleated })).status).toBe(401);
  });

  it('refuses a token issued more than 60 s in the future, accepts one within the skew', async () => {
    const claims = { sub: String(api.admin.id), tv: api.admin.tokenVersion };
    const future = await signToken(claims, api.jwtSecret, 3600, new Date(Date.now() + 120_000));
    const skewed = await signToken(claims, api.jwtSecret, 3600, new Date(Date.now() + 30_000));
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: future.token })).status).toBe(401);
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: skewed.token })).status).toBe(200);
  });

  it('refuses an alg:none token (the algorithm is pinned)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none' })}.${b64({ sub: String(api.admin.id), tv: 1, iat: now, exp: now + 60 })}.`;
    expect((await call(api.app, 'GET', '/api/auth/verify', { token })).status).toBe(401);
  });

  it('POST /api/auth/logout ends that token everywhere, and only that token', async () => {
    const admin = await newAdmin('leaving');
    const first = ((await (await login(admin, freshIp())).json()) as { token: string }).token;
    const second = ((await (await login(admin, freshIp())).json()) as { token: string }).token;
    const out = await call(api.app, 'POST', '/api/auth/logout', { token: first });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'Logged out' });
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: first })).status).toBe(401);
    expect((await call(api.app, 'GET', '/api/applicants', { token: first })).status).toBe(401);
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: second })).status).toBe(200);
    expect((await call(api.app, 'POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('warns once when X-Forwarded-For arrives while it is off', async () => {
    const direct = await setupApi();
    try {
      await call(direct.app, 'GET', '/api/health');
      expect(direct.logs.filter((l) => l['level'] === 'warn')).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await call(direct.app, 'GET', '/api/health', { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
      }
      const warnings = direct.logs.filter((l) => l['level'] === 'warn');
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0]?.['msg'])).toMatch(/X-Forwarded-For received while TRUST_PROXY is off/);
    } finally {
      await direct.close();
    }
  });

  it('stays quiet when it is on', async () => {
    await call(api.app, 'GET', '/api/health', { headers: { 'X-Forwarded-For': '203.0.113.1' } });
    expect(api.logs.filter((l) => String(l['msg']).includes('TRUST_PROXY'))).toEqual([]);
  });
});
