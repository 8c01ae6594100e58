/**
 * Two-factor sign-in (TOTP, RFC 6238): enrolment confirmed with a code, ten recovery codes shown
 * once and stored hashed, the login asking for the code after the right password, the steps
 * around now accepted, no code accepted twice, recovery codes used once, guesses counted against
 * the login limits, and the team rule. Codes are computed here from the secret.
 */
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/features/auth/jwt';
import { hashPassword } from '~/server/features/auth/password';
import { call, setupApi, type TestApi } from '../helpers/api';

const PASSWORD = 'a long enough password 42';
let api: TestApi;
// 10 s into a 30-second step.
let clock = Math.floor(Date.now() / 30_000) * 30_000 + 10_000;

beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      rateLimits: {
        ...defaultApiConfig.rateLimits,
        loginPerIp: { max: 1000, windowMs: 60_000 },
        loginPerEmail: { max: 4, windowMs: 60_000 },
      },
    },
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await api.close();
});

const code = (secret: string, at = clock) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

let ip = 0;
const login = (email: string, body: Record<string, unknown> = {}, from = `198.51.100.${++ip}`) =>
  call(api.app, 'POST', '/api/admin', {
    json: { email, password: PASSWORD, ...body },
    headers: { 'X-Forwarded-For': from },
  });

let made = 0;
async function member() {
  const row = await insertAdmin(
    api.db,
    `tf${++made}@example.com`,
    await hashPassword(PASSWORD),
    new Date(clock),
    'recruiter',
  );
  const { token } = await signToken(
    { sub: String(row.id), tv: row.token_version },
    api.jwtSecret,
    3600,
    new Date(clock),
  );
  return { id: Number(row.id), email: row.email, token };
}

/** Sets up two-factor sign-in for the member and returns the key and the recovery codes. */
async function enrol(token: string) {
  const setup = await call(api.app, 'POST', '/api/account/2fa/setup', { token });
  expect(setup.status).toBe(200);
  const { secret, uri } = (await setup.json()) as { secret: string; uri: string };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toMatch(/^otpauth:\/\/totp\/EdgeCraft/);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await call(api.app, 'POST', '/api/account/2fa/confirm', { token, json: { code: code(secret) } });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

describe('enrolment', () => {
  it('confirms the key with a code and answers ten recovery codes once, stored only as hashes', async () => {
    const m = await member();
    const setup = (await (await call(api.app, 'POST', '/api/account/2fa/setup', { token: m.token })).json()) as {
      secret: string;
    };
    const wrong = await call(api.app, 'POST', '/api/account/2fa/confirm', { token: m.token, json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    // Until confirmed, the login does not ask for a code.
    expect(((await (await login(m.email)).json()) as { token?: string }).token).toBeTruthy();

    const ok = await call(api.app, 'POST', '/api/account/2fa/confirm', {
      token: m.token,
      json: { code: code(setup.secret) },
    });
    const { recoveryCodes } = (await ok.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const stored = await api.db
      .selectFrom('admin_recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', m.id)
      .execute();
    expect(stored.map((r) => r.code_hash).sort()).toEqual(
      recoveryCodes.map((c) => createHash('sha256').update(c.replace('-', '')).digest('hex')).sort(),
    );
    const status = await call(api.app, 'GET', '/api/account/2fa', { token: m.token });
    expect(await status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByTeam: false });
    expect((await call(api.app, 'POST', '/api/account/2fa/setup', { token: m.token })).status).toBe(409);
  });
});

describe('signing in with a code', () => {
  it('asks for the code after the right password, takes the steps around now, and never the same code twice', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);

    const first = await login(m.email);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      twoFactorRequired: true,
      message: 'Enter the code from your authenticator app',
    });
    // A wrong password still says only that.
    expect((await login(m.email, { password: 'not the password' })).status).toBe(401);
    // The code that confirmed the enrolment is used up.
    expect((await login(m.email, { code: code(secret) })).status).toBe(401);

    clock += 30_000;
    const now = code(secret);
    const signedIn = await login(m.email, { code: now });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { token: string }).token).toBeTruthy();
    const replay = await login(m.email, { code: now });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ message: 'That code is not right, or was already used' });

    // The next step's code (a phone a little ahead), then the previous step's (a little behind).
    clock += 60_000;
    expect((await login(m.email, { code: code(secret, clock + 30_000) })).status).toBe(200);
    clock += 90_000;
    expect((await login(m.email, { code: code(secret, clock - 30_000) })).status).toBe(200);
    // Two steps away is too far.
    clock += 120_000;
    expect((await login(m.email, { code: code(secret, clock - 60_000) })).status).toBe(401);
    expect((await login(m.email, { code: code(secret, clock + 60_000) })).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const m = await member();
    const { recoveryCodes } = await enrol(m.token);
    const recovery = recoveryCodes[3]!;
    expect((await login(m.email, { code: recovery.toUpperCase() })).status).toBe(200);
    expect((await login(m.email, { code: recovery })).status).toBe(401);
    const status = await call(api.app, 'GET', '/api/account/2fa', { token: m.token });
    expect(((await status.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes against the login limits', async () => {
    const m = await member();
    await enrol(m.token);
    const from = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(m.email, { code: '123456' }, from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('turns off with a current code, and the login asks for the password only again', async () => {
    const m = await member();
    const { secret } = await enrol(m.token);
    clock += 30_000;
    const off = await call(api.app, 'POST', '/api/account/2fa/disable', {
      token: m.token,
      json: { code: code(secret) },
    });
    expect(off.status).toBe(200);
    expect(((await (await login(m.email)).json()) as { token?: string }).token).toBeTruthy();
    const rows = await api.db.selectFrom('admin_recovery_codes').select('id').where('admin_id', '=', m.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('the team rule', () => {
  it('lets a member without two-factor sign-in only set it up while owners require it', async () => {
    const m = await member();
    const rule = await call(api.app, 'PUT', '/api/admins/two-factor', { token: api.token, json: { required: true } });
    expect(rule.status).toBe(200);
    try {
      const verify = await call(api.app, 'GET', '/api/auth/verify', { token: m.token });
      expect(((await verify.json()) as { mustEnrolTwoFactor: boolean }).mustEnrolTwoFactor).toBe(true);
      const blocked = await call(api.app, 'GET', '/api/applicants', { token: m.token });
      expect(blocked.status).toBe(403);
      expect(await blocked.json()).toEqual({ message: 'Your team requires two-factor sign-in: set it up first' });

      const { secret } = await enrol(m.token);
      expect((await call(api.app, 'GET', '/api/applicants', { token: m.token })).status).toBe(200);
      clock += 30_000;
      const off = await call(api.app, 'POST', '/api/account/2fa/disable', {
        token: m.token,
        json: { code: code(secret) },
      });
      expect(off.status).toBe(409);
    } finally {
      await call(api.app, 'PUT', '/api/admins/two-factor', { token: api.token, json: { required: false } });
    }
  });
});
