import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootApi, ensureFirstAdmin, resolveJwtSecret, resolveTwoFactorKey } from '~/server/boot';
import { countAdmins, findAdminByEmail, listAdmins } from '~/server/db';
import { EnvError, parseApiEnv } from '~/server/env';
import { verifyPassword } from '~/server/services/password';
import { silentLogger } from '~/server/logger';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  createPgDatabase,
  setupApi,
  TEST_DATABASE_URL,
  type TestApi,
} from '../../support/api';

describe('health, logs and CORS', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi({ config: { corsOrigins: ['https://www.example.com'] } });
  });
  afterAll(async () => {
    await api.close();
  });

  it('GET /api/health reports ok and the database kind', async () => {
    const res = await call(api.app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('answers with a request id and the headers that keep JSON from being sniffed, framed or run', async () => {
    for (const path of ['/api/health', '/api/job', '/api/nope']) {
      const res = await call(api.app, 'GET', path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    const given = await call(api.app, 'GET', '/api/health', { headers: { 'X-Request-Id': 'lb-7f3a' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a');
  });

  it('writes one JSON log line per request without passwords, tokens or file contents', async () => {
    api.logs.length = 0;
    const job = await createJobViaApi(api);
    await call(api.app, 'POST', '/api/admin', { json: { email: api.admin.email, password: api.admin.password } });
    await apply(api, applicationForm(job.id, { email: 'logs@example.com' }));
    const requests = api.logs.filter((l) => l['msg'] === 'request');
    expect(requests.map((l) => `${l['method']} ${l['path']} ${l['status']}`)).toEqual([
      'POST /api/job 201',
      'POST /api/admin 200',
      'POST /api/applicants/apply 201',
    ]);
    for (const line of requests) expect(line).toMatchObject({ requestId: expect.any(String), ms: expect.any(Number) });
    const all = JSON.stringify(api.logs);
    expect(all).not.toContain(api.admin.password);
    expect(all).not.toContain(api.token);
    expect(all).not.toContain('%PDF');
    expect(all).not.toContain('Bearer');
  });

  it('allows only the configured origins cross-origin', async () => {
    const allowed = await call(api.app, 'GET', '/api/job', { headers: { Origin: 'https://www.example.com' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
    const other = await call(api.app, 'GET', '/api/job', { headers: { Origin: 'https://evil.example.net' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call(api.app, 'OPTIONS', '/api/job', {
      headers: {
        Origin: 'https://www.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('never answers with a stack trace: an internal failure is a JSON 500 and is logged', async () => {
    const broken = await setupApi();
    await broken.db.schema.dropTable('resumes').execute();
    const res = await call(broken.app, 'GET', '/api/applicants', { token: broken.token });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: 'Internal server error' });
    expect(broken.logs.some((l) => l['msg'] === 'unhandled error')).toBe(true);
    await broken.close();
  });
});

describe('environment', () => {
  it('applies safe defaults', () => {
    const env = parseApiEnv({});
    expect(env).toMatchObject({
      DATA_DIR: './data',
      JSON_BODY_LIMIT_BYTES: 65536,
      MULTIPART_BODY_LIMIT_BYTES: 6 * 1024 * 1024,
      CORS_ORIGINS: [],
      SPAM_MIN_FILL_MS: 3000,
    });
    expect(parseApiEnv({ SPAM_MIN_FILL_MS: '0' }).SPAM_MIN_FILL_MS).toBe(0);
  });

  it('stops with a list of every bad variable', () => {
    let error: unknown;
    try {
      parseApiEnv({
        JWT_SECRET: 'short',
        CORS_ORIGINS: 'not a url',
        DATABASE_URL: 'mysql://x',
        LOGIN_RATE_LIMIT_PER_IP: '-1',
        SPAM_MIN_FILL_MS: 'soon',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join('\n');
    for (const name of ['JWT_SECRET', 'CORS_ORIGINS', 'DATABASE_URL', 'LOGIN_RATE_LIMIT_PER_IP', 'SPAM_MIN_FILL_MS'])
      expect(problems).toContain(name);
  });
});

describe('bootApi', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edgecraft-boot-test-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a generated JWT secret in DATA_DIR with mode 0600 and reuses it', () => {
    const dir = tempDir();
    const first = resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined })).toBe(first);
    expect(resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) })).toBe('x'.repeat(40));
  });

  it('keeps a two-factor key of its own beside the JWT secret, or takes TWO_FACTOR_KEY', () => {
    const dir = tempDir();
    const key = resolveTwoFactorKey({ DATA_DIR: dir, TWO_FACTOR_KEY: undefined });
    expect(key).not.toBe(resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined }));
    expect(statSync(path.join(dir, 'two-factor-key')).mode & 0o777).toBe(0o600);
    expect(resolveTwoFactorKey({ DATA_DIR: dir, TWO_FACTOR_KEY: undefined })).toBe(key);
    expect(resolveTwoFactorKey({ DATA_DIR: dir, TWO_FACTOR_KEY: 'k'.repeat(40) })).toBe('k'.repeat(40));
  });

  it('creates the database, runs migrations idempotently and creates the first admin from the environment', async () => {
    const dir = tempDir();
    const pgDb = TEST_DATABASE_URL ? await createPgDatabase(TEST_DATABASE_URL) : null;
    const env = {
      DATA_DIR: path.join(dir, 'nested', 'data'),
      DATABASE_URL: pgDb?.url ?? '',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'a long enough password',
      LOG_LEVEL: 'silent',
    };
    const first = await bootApi(env, { exitOnCrash: false });
    const login = await first.app.request('/api/admin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a long enough password' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    await first.close();

    // A restart keeps data, the admin and the secret (so the token stays valid), and adds no admin.
    const second = await bootApi({ ...env, ADMIN_EMAIL: 'other@example.com' }, { exitOnCrash: false });
    expect(await countAdmins(second.db)).toBe(1);
    const verify = await second.app.request('/api/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
    expect(verify.status).toBe(200);
    await second.close();
    await pgDb?.drop();
  });

  it('creates admin@localhost with a random password printed once when no ADMIN_* is set', async () => {
    const api = await setupApi();
    await api.db.deleteFrom('admins').execute();
    let printed = '';
    await ensureFirstAdmin(
      api.db,
      { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
      silentLogger,
      (t) => (printed += t),
    );
    const admin = await findAdminByEmail(api.db, 'admin@localhost');
    expect(admin).not.toBeNull();
    const password = /Password[^:]*: (\S+)/.exec(printed)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await verifyPassword(password, admin?.password_hash ?? '')).toBe(true);
    printed = '';
    await ensureFirstAdmin(
      api.db,
      { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
      silentLogger,
      (t) => (printed += t),
    );
    expect(printed).toBe('');
    expect((await listAdmins(api.db)).map((a) => a.email)).toEqual(['admin@localhost']);
    await api.close();
  });
});
