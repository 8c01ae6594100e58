/**
 * Two-factor sign-in (TOTP, RFC 6238): enrolment confirmed with a code and the password, ten
 * recovery codes shown once, the login asking for the code after the right password, the steps
 * around now accepted, no code accepted twice, recovery codes used once, wrong codes limited per
 * account from every address, keys and recovery codes unreadable in a copy of the database, and
 * the team rule. Codes are computed here from the secret.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '~/lib/schemas';
import { SECOND_FACTOR_FAILURES_MAX, SECOND_FACTOR_WINDOW_MINUTES } from '~/lib/two-factor';
import { createApp } from '~/server/app';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin, setTeamSetting } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { protectTwoFactorStorage, twoFactorVault } from '~/server/services/two-factor-vault';
import { silentLogger } from '~/server/logger';
import { call, setupApi, TEST_DATABASE_URL, type TestApi } from '../../support/api';

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

/** A six-digit code the authenticator shows for none of the steps around now. */
const wrongCode = (secret: string) => {
  const right = new Set([-30_000, 0, 30_000].map((shift) => code(secret, clock + shift)));
  let n = 0;
  while (right.has(String(n).padStart(6, '0'))) n += 1;
  return String(n).padStart(6, '0');
};

const sessionFor = async (row: { id: number; token_version: number }) =>
  (await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600, new Date(clock))).token;

let made = 0;
async function member() {
  const row = await insertAdmin(
    api.db,
    `tf${++made}@example.com`,
    await hashPassword(PASSWORD),
    new Date(clock),
    'recruiter',
  );
  return { id: Number(row.id), email: row.email, token: await sessionFor(row) };
}

const account = (token: string, action: 'setup' | 'confirm' | 'disable', json: Record<string, unknown>) =>
  call(api.app, 'POST', `/api/account/2fa/${action}`, { token, json: { password: PASSWORD, ...json } });

/** Sets up two-factor sign-in for the member; returns the key, the recovery codes and the session's new token. */
async function enrol(token: string) {
  const setup = await account(token, 'setup', {});
  expect(setup.status).toBe(200);
  const { secret, uri } = (await setup.json()) as { secret: string; uri: string };
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toMatch(/^otpauth:\/\/totp\/EdgeCraft/);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await account(token, 'confirm', { code: code(secret) });
  expect(confirmed.status).toBe(200);
  const body = (await confirmed.json()) as { recoveryCodes: string[]; token: string };
  return { secret, recoveryCodes: body.recoveryCodes, token: body.token };
}

const auditOf = (adminId: number, action: string) =>
  api.db
    .selectFrom('audit_log')
    .select('summary')
    .where('admin_id', '=', adminId)
    .where('action', '=', action)
    .execute();

describe('enrolment', () => {
  it('confirms the key with a code and answers ten recovery codes once, audited when the code is wrong', async () => {
    const m = await member();
    const setup = (await (await account(m.token, 'setup', {})).json()) as { secret: string };
    const wrong = await account(m.token, 'confirm', { code: wrongCode(setup.secret) });
    expect(wrong.status).toBe(400);
    expect(await auditOf(m.id, 'two_factor.code_failed')).toHaveLength(1);
    // Until confirmed, the login does not ask for a code.
    expect(((await (await login(m.email)).json()) as { token?: string }).token).toBeTruthy();

    const ok = await account(m.token, 'confirm', { code: code(setup.secret) });
    const { recoveryCodes, token } = (await ok.json()) as { recoveryCodes: string[]; token: string };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const status = await call(api.app, 'GET', '/api/account/2fa', { token });
    expect(await status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, requiredByTeam: false });
    expect((await account(token, 'setup', {})).status).toBe(409);
  });

  it('ends every other session of the account when it is turned on; the confirming one goes on with a new token', async () => {
    const m = await member();
    const row = await api.db.selectFrom('admins').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    const otherSession = await sessionFor({ id: m.id, token_version: row.token_version });
    const { token } = await enrol(m.token);
    const verify = (t: string) => call(api.app, 'GET', '/api/auth/verify', { token: t });
    expect((await verify(token)).status).toBe(200);
    expect((await verify(m.token)).status).toBe(401);
    expect((await verify(otherSession)).status).toBe(401);
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
    const { recoveryCodes, token } = await enrol(m.token);
    const recovery = recoveryCodes[3]!;
    expect((await login(m.email, { code: recovery.toUpperCase() })).status).toBe(200);
    expect((await login(m.email, { code: recovery })).status).toBe(401);
    const status = await call(api.app, 'GET', '/api/account/2fa', { token });
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

  it('turns off with a current code and the password, and the login asks for the password only again', async () => {
    const m = await member();
    const { secret, token } = await enrol(m.token);
    clock += 30_000;
    const wrong = await account(token, 'disable', { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'That code is not right, or was already used' });
    expect(await auditOf(m.id, 'two_factor.code_failed')).toHaveLength(1);
    const off = await account(token, 'disable', { code: code(secret) });
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

      const { secret, token } = await enrol(m.token);
      expect((await call(api.app, 'GET', '/api/applicants', { token })).status).toBe(200);
      clock += 30_000;
      const off = await account(token, 'disable', { code: code(secret) });
      expect(off.status).toBe(409);
    } finally {
      // Straight in the database: the owner has no two-factor sign-in, so the rule now stops their own request.
      await setTeamSetting(api.db, 'require_two_factor', '0');
    }
  });
});

describe('a session alone cannot change two-factor sign-in', () => {
  it('refuses set-up, confirmation and turning off without the right password, and audits each wrong one', async () => {
    const m = await member();
    const missing = await call(api.app, 'POST', '/api/account/2fa/setup', { token: m.token, json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { password: 'Enter your current password' } });
    const wrongSetup = await account(m.token, 'setup', { password: 'not the password' });
    expect(wrongSetup.status).toBe(403);
    expect(await wrongSetup.json()).toEqual({
      message: 'That is not your current password',
      errors: { password: 'That is not your current password' },
    });

    const { secret } = (await (await account(m.token, 'setup', {})).json()) as { secret: string };
    const wrongConfirm = await account(m.token, 'confirm', { code: code(secret), password: 'not the password' });
    expect(wrongConfirm.status).toBe(403);
    const status = await call(api.app, 'GET', '/api/account/2fa', { token: m.token });
    expect(((await status.json()) as { enabled: boolean }).enabled).toBe(false);

    const { token } = (await (await account(m.token, 'confirm', { code: code(secret) })).json()) as { token: string };
    clock += 30_000;
    const wrongDisable = await account(token, 'disable', { code: code(secret), password: 'not the password' });
    expect(wrongDisable.status).toBe(403);
    const still = await call(api.app, 'GET', '/api/account/2fa', { token });
    expect(((await still.json()) as { enabled: boolean }).enabled).toBe(true);
    expect(await auditOf(m.id, 'two_factor.password_failed')).toHaveLength(3);
  });
});

describe('wrong codes are limited per account, from every address and every instance', () => {
  it(`refuses every code after ${SECOND_FACTOR_FAILURES_MAX} wrong ones in ${SECOND_FACTOR_WINDOW_MINUTES} minutes, audits it and mails the owner; other accounts sign in`, async () => {
    const m = await member();
    const { secret, token } = await enrol(m.token);
    const other = await member();
    const { secret: otherSecret } = await enrol(other.token);
    // A second instance on the same database: the count is the database's, not a process's.
    const second = createApp({
      db: api.db,
      dbKind: api.dbKind,
      config: { jwtSecret: api.jwtSecret, twoFactorKey: api.twoFactorKey, trustProxy: true, sqlite: null },
      logger: silentLogger,
      now: () => new Date(clock),
    });
    const statuses: number[] = [];
    for (let i = 0; i < SECOND_FACTOR_FAILURES_MAX; i++) {
      // Six-digit codes and recovery codes ('i' is never in one) alike, each from a new address.
      const guess = i % 2 ? wrongCode(secret) : 'iiii-iiii';
      const res = await call(i < 5 ? api.app : second, 'POST', '/api/admin', {
        json: { email: m.email, password: PASSWORD, code: guess },
        headers: { 'X-Forwarded-For': `192.0.2.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array.from({ length: SECOND_FACTOR_FAILURES_MAX }, () => 401));

    const eleventh = await login(m.email, { code: wrongCode(secret) }, '203.0.113.200');
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ message: requestMessages.secondFactorLocked });
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);
    clock += 30_000;
    const right = await login(m.email, { code: code(secret) }, '203.0.113.201');
    expect(right.status).toBe(429);
    expect(((await right.json()) as { message: string }).message).toContain('not even the right one');
    // Turning it off checks a code too, so it waits as well.
    expect((await account(token, 'disable', { code: code(secret) })).status).toBe(429);

    expect((await login(other.email, { code: code(otherSecret) })).status).toBe(200);
    expect(await auditOf(m.id, 'two_factor.locked')).toHaveLength(1);
    expect(await auditOf(other.id, 'two_factor.locked')).toHaveLength(0);
    const mails = await api.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'text_body'])
      .where('kind', '=', 'second_factor_alert')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: m.email, subject: 'Someone has your EdgeCraft AI admin password' });
    expect(mails[0]?.text_body).toContain('If this was not you, someone else knows your password: change it now');

    // The window ends: the right code works again.
    clock += SECOND_FACTOR_WINDOW_MINUTES * 60_000;
    expect((await login(m.email, { code: code(secret) })).status).toBe(200);
  });
});

describe('a copy of the database does not get around two-factor sign-in', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it.skipIf(Boolean(TEST_DATABASE_URL))(
    'holds neither the key nor a plain hash of a recovery code, and codes still work',
    async () => {
      const m = await member();
      const { secret, recoveryCodes } = await enrol(m.token);
      const files = ['edgecraft.sqlite', 'edgecraft.sqlite-wal'].map((name) => path.join(api.dataDir, name));
      const bytes = files
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file).toString('latin1'))
        .join('');
      const row = await api.db
        .selectFrom('admins')
        .select('totp_secret')
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      // The row is there, only encrypted.
      expect(bytes).toContain(row.totp_secret);
      expect(bytes).not.toContain(secret);
      for (const recovery of recoveryCodes) {
        expect(bytes).not.toContain(sha256(recovery.replace('-', '')));
        expect(bytes).not.toContain(recovery);
      }
      clock += 30_000;
      expect((await login(m.email, { code: code(secret) })).status).toBe(200);
      expect((await login(m.email, { code: recoveryCodes[0]! })).status).toBe(200);
    },
  );

  it('encrypts a key and keys the recovery-code hashes stored the old way, and both still sign in', async () => {
    const m = await member();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const oldCodes = ['abcd-efgh', 'jkmn-pqrs'];
    await api.db.updateTable('admins').set({ totp_secret: secret }).where('id', '=', m.id).execute();
    await api.db
      .insertInto('admin_recovery_codes')
      .values(oldCodes.map((c) => ({ admin_id: m.id, code_hash: sha256(c.replace('-', '')), used_at: null })))
      .execute();

    expect(await protectTwoFactorStorage(api.db, twoFactorVault(api.twoFactorKey))).toBe(3);
    expect(await protectTwoFactorStorage(api.db, twoFactorVault(api.twoFactorKey))).toBe(0);
    const row = await api.db
      .selectFrom('admins')
      .select('totp_secret')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+:[\w-]+$/);
    const hashes = await api.db
      .selectFrom('admin_recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', m.id)
      .execute();
    for (const { code_hash } of hashes) expect(code_hash).toMatch(/^h1:/);

    clock += 30_000;
    expect((await login(m.email, { code: code(secret) })).status).toBe(200);
    expect((await login(m.email, { code: 'ABCD EFGH' })).status).toBe(200);
  });

  it('cannot be read with another key', async () => {
    const stored = twoFactorVault(api.twoFactorKey).encrypt('JBSWY3DPEHPK3PXP');
    expect(() => twoFactorVault('another key of at least thirty-two characters').decrypt(stored)).toThrow(
      /encrypted with key/,
    );
  });
});
