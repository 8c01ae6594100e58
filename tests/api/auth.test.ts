import { createHmac, randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '~/server/app';
import { findAdminByEmail, insertAdmin, setAdminPassword } from '~/server/db';
import { signToken, verifyToken } from '~/server/services/jwt';
import { hashPassword, needsRehash, verifyPassword } from '~/server/services/password';
import {
  apply,
  appliedId,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  validJob,
  type TestApi,
} from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      rateLimits: {
        loginPerIp: { max: 6, windowMs: 60_000 },
        loginPerEmail: { max: 3, windowMs: 60_000 },
        contactPerIp: { max: 5, windowMs: 60_000 },
      },
    },
  });
});
afterAll(async () => {
  await api.close();
});

let ipCounter = 0;
/** Each login test comes from its own address unless it is testing the per-IP limit. */
const freshIp = () => `198.51.100.${++ipCounter}`;

function login(body: unknown, ip = freshIp()) {
  return call(api.app, 'POST', '/api/admin', { json: body, headers: { 'X-Forwarded-For': ip } });
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A hash as the server wrote them before argon2id: `scrypt$N$r$p$salt$hash`, N=2^15 r=8 p=1. */
function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', 1 << 15, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('passwords (argon2id)', () => {
  it('hashes to a PHC string at m=19456, t=2, p=1 with a per-user salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('Same password', a)).toBe(false);
    expect(await verifyPassword('same password', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('same password', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('still verifies a legacy scrypt hash, and marks it and weaker argon2 hashes for rehashing', async () => {
    const legacy = legacyScryptHash('old password');
    expect(await verifyPassword('old password', legacy)).toBe(true);
    expect(await verifyPassword('old passworD', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=19456,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA')).toBe(true);
  });

  it('upgrades a legacy scrypt hash to argon2id at the first good login, keeping sessions; a wrong password changes nothing', async () => {
    const email = 'legacy@example.com';
    const legacy = legacyScryptHash('legacy password 1234');
    const row = await insertAdmin(api.db, email, legacy);

    const wrong = await login({ email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect((await findAdminByEmail(api.db, email))?.password_hash).toBe(legacy);

    const right = await login({ email, password: 'legacy password 1234' });
    expect(right.status).toBe(200);
    const upgraded = await findAdminByEmail(api.db, email);
    expect(upgraded?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(upgraded?.token_version).toBe(row.token_version);
    expect(await verifyPassword('legacy password 1234', upgraded?.password_hash ?? '')).toBe(true);
    // The token from the upgrading login stays valid, and the next login meets the new hash.
    const { token } = (await right.json()) as { token: string };
    const verify = await call(api.app, 'GET', '/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(200);
    expect((await login({ email, password: 'legacy password 1234' })).status).toBe(200);
    expect((await findAdminByEmail(api.db, email))?.password_hash).toBe(upgraded?.password_hash);
  });
});

describe('POST /api/admin (login)', () => {
  it('returns { token, message } for the right credentials, e-mail case-insensitive', async () => {
    const res = await login({ email: 'ADMIN@example.com', password: api.admin.password });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: string; message: string };
    expect(body.message).toBe('Login successful');
    expect((await verifyToken(body.token, api.jwtSecret))?.sub).toBe(String(api.admin.id));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('gives an 8-hour token by default and a 30-day token with remember', async () => {
    const short = (await (await login({ email: api.admin.email, password: api.admin.password })).json()) as {
      token: string;
    };
    const long = (await (
      await login({ email: api.admin.email, password: api.admin.password, remember: true })
    ).json()) as { token: string };
    const ttl = async (t: string) => {
      const claims = await verifyToken(t, api.jwtSecret);
      return (claims?.exp ?? 0) - (claims?.iat ?? 0);
    };
    expect(await ttl(short.token)).toBe(8 * 3600);
    expect(await ttl(long.token)).toBe(30 * 24 * 3600);
  });

  it.each([
    ['wrong password', { email: 'admin@example.com', password: 'wrong password' }],
    ['unknown e-mail', { email: 'nobody@example.com', password: 'whatever it is' }],
  ])('answers 401 "Invalid email or password" for a %s', async (_label, body) => {
    const res = await login(body);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('answers 400 when email or password is missing', async () => {
    const res = await login({ email: '', password: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('limits failed attempts for one e-mail from one address with 429 and Retry-After', async () => {
    const target = 'limited@example.com';
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login({ email: target, password: 'nope nope' }, ip)).status).toBe(401);
    const blocked = await login({ email: target, password: 'nope nope' }, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({ message: 'Too many login attempts. Please try again later.' });
  });

  it('limits attempts per address with 429 and Retry-After', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await login({ email: `user${i}@example.com`, password: 'x' }, ip)).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });
});

describe('GET /api/auth/verify', () => {
  it('answers ok with no-store for a valid token', async () => {
    const res = await call(api.app, 'GET', '/api/auth/verify', { token: api.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      valid: true,
      admin: { id: api.admin.id, email: api.admin.email, displayName: null, role: 'owner', twoFactor: false },
      mustEnrolTwoFactor: false,
    });
  });

  it('rejects tokens issued before a password reset', async () => {
    const extra = await login({ email: api.admin.email, password: api.admin.password });
    const { token } = (await extra.json()) as { token: string };
    await setAdminPassword(api.db, api.admin.email, await hashPassword(api.admin.password));
    expect((await call(api.app, 'GET', '/api/auth/verify', { token })).status).toBe(401);
    // Keep the file's shared token valid for the tests below.
    api.token = (
      await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion + 1 }, api.jwtSecret, 3600)
    ).token;
    expect((await call(api.app, 'GET', '/api/auth/verify', { token: api.token })).status).toBe(200);
  });
});

describe('every admin route rejects bad tokens (generated from the route list)', () => {
  const badTokens: Record<string, () => string | Promise<string>> = {
    'no token': () => '',
    garbage: () => 'not.a.jwt',
    'wrong signature': async () =>
      (await signToken({ sub: String(api.admin.id), tv: 2 }, 'another secret of enough length!!', 3600)).token,
    'alg none': () =>
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(api.admin.id), tv: 2, iat: now(), exp: now() + 3600 })}.`,
    'alg HS512 signed with our secret': () => {
      const body = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ sub: String(api.admin.id), tv: 2, iat: now(), exp: now() + 3600 })}`;
      return `${body}.${createHmac('sha512', api.jwtSecret).update(body).digest('base64url')}`;
    },
    expired: async () =>
      (await signToken({ sub: String(api.admin.id), tv: 2 }, api.jwtSecret, 60, new Date(Date.now() - 3600_000))).token,
    'unknown admin': async () => (await signToken({ sub: '999999', tv: 1 }, api.jwtSecret, 3600)).token,
  };

  it('guards every route that is not in the public list, and the list is not empty', async () => {
    // Middleware is registered on `/api/*` (for every method, or for those that carry a body).
    const routes = api.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/api/*')
      .map((r) => `${r.method} ${r.path}`)
      .filter((r, i, all) => all.indexOf(r) === i);
    const guarded = routes.filter((r) => !(PUBLIC_ROUTES as readonly string[]).includes(r));
    expect(guarded).toEqual(
      expect.arrayContaining([
        'GET /api/auth/verify',
        'GET /api/applicants',
        'POST /api/job',
        'PUT /api/job/:id',
        'DELETE /api/job/:id',
        'PUT /api/applicants/:id/status',
        'DELETE /api/applicants/:id',
        'GET /api/applicants/:id/download',
        'GET /api/messages',
        'DELETE /api/messages/:id',
        'GET /api/outbox',
        'POST /api/outbox/:id/retry',
        'GET /api/applicants/:id',
        'GET /api/applicants/:id/export',
        'POST /api/erasure',
        'GET /api/audit',
        'GET /api/applicants.csv',
      ]),
    );
    // Every public route is really registered (the list cannot silently rot).
    for (const r of PUBLIC_ROUTES) expect(routes).toContain(r);

    const job = await createJobViaApi(api);
    const res = await apply(api, applicationForm(job.id, { email: 'guard@example.com' }));
    const applicant = { id: await appliedId(api, res) };

    const failures: string[] = [];
    for (const route of guarded) {
      const [method, pattern] = route.split(' ') as [string, string];
      const id = pattern.startsWith('/api/job') ? job.id : applicant.id;
      const url = pattern.replace(':id', String(id));
      const json =
        method === 'PUT'
          ? pattern.endsWith('/status')
            ? { status: 'shortlisted' }
            : validJob
          : method === 'POST'
            ? validJob
            : undefined;
      for (const [label, make] of Object.entries(badTokens)) {
        const r = await call(api.app, method, url, { token: (await make()) || undefined, json });
        const body = (await r.json()) as { message?: string };
        if (r.status !== 401 || typeof body.message !== 'string') failures.push(`${route} with ${label}: ${r.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing changed behind the guard.
    const list = await call(api.app, 'GET', '/api/applicants', { token: api.token });
    const { applicants } = (await list.json()) as { applicants: { id: number; status: string }[] };
    expect(applicants.find((a) => a.id === applicant.id)?.status).toBe('pending');
    expect((await call(api.app, 'GET', `/api/job/${job.id}`)).status).toBe(200);
  });
});

describe('a token the server has already accepted', () => {
  it('is refused once it expires, and once its admin signs out everywhere', async () => {
    let clock = new Date();
    const timed = await setupApi({ now: () => clock });
    try {
      const { token } = await signToken(
        { sub: String(timed.admin.id), tv: timed.admin.tokenVersion },
        timed.jwtSecret,
        60,
        clock,
      );
      expect((await call(timed.app, 'GET', '/api/auth/verify', { token })).status).toBe(200);
      clock = new Date(clock.getTime() + 59_000);
      expect((await call(timed.app, 'GET', '/api/auth/verify', { token })).status).toBe(200);
      clock = new Date(clock.getTime() + 1_000);
      const expired = await call(timed.app, 'GET', '/api/auth/verify', { token });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual({ message: 'Invalid or expired token' });

      const fresh = await signToken(
        { sub: String(timed.admin.id), tv: timed.admin.tokenVersion },
        timed.jwtSecret,
        3600,
        clock,
      );
      expect((await call(timed.app, 'GET', '/api/auth/verify', { token: fresh.token })).status).toBe(200);
      await setAdminPassword(timed.db, timed.admin.email, await hashPassword(timed.admin.password));
      expect((await call(timed.app, 'GET', '/api/auth/verify', { token: fresh.token })).status).toBe(401);
    } finally {
      await timed.close();
    }
  });
});
