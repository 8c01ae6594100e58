/**
 * Test harness for the API: a fresh database per call (SQLite in a temp DATA_DIR, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set), the real createApp(), and small helpers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createApp } from '~/server/app';
import type { ApiConfig } from '~/server/config';
import type { AppEnv } from '~/server/context';
import {
  ERASURE_LEDGER_FILE,
  insertAdmin,
  migrateToLatest,
  openDatabase,
  type CheckpointThread,
  type Database,
  type DbHandle,
  type DbKind,
} from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { createLogger } from '~/server/logger';
import { pdfBytes } from './files';

/** Set by tests/helpers/ci-postgres.sh: a PostgreSQL server is available for a second run of the suite. */
export const POSTGRES_AVAILABLE = Boolean(process.env['TEST_DATABASE_URL']);
/**
 * The PostgreSQL URL when THIS run is the PostgreSQL one (vitest project `api-postgres` sets
 * API_TEST_DB=postgres); then every API test file runs on its own fresh PG database.
 */
export const TEST_DATABASE_URL =
  process.env['API_TEST_DB'] === 'postgres' ? process.env['TEST_DATABASE_URL'] || undefined : undefined;

/** Creates a throwaway database next to the one in `adminUrl` and returns its URL and a dropper. */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Storage for a server or CLI process under test: a fresh DATA_DIR and, when TEST_DATABASE_URL is
 * set, a fresh PostgreSQL database (`databaseUrl` is '' otherwise). `remove()` drops both.
 */
export async function processStorage(
  label: string,
): Promise<{ dataDir: string; databaseUrl: string; remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `edgecraft-${label}-test-`));
  const pgDb = TEST_DATABASE_URL ? await createPgDatabase(TEST_DATABASE_URL) : null;
  return {
    dataDir,
    databaseUrl: pgDb?.url ?? '',
    async remove() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database of the kind this run tests, opened but not migrated; `remove()` closes it and drops its storage. */
export async function openFreshDatabase(label: string): Promise<DbHandle & { remove(): Promise<void> }> {
  const storage = await processStorage(label);
  const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined, poolSize: 2 });
  return {
    ...handle,
    async remove() {
      await handle.close();
      await storage.remove();
    },
  };
}

export type TestApi = {
  app: Hono<AppEnv>;
  db: Kysely<Database>;
  dbKind: DbKind;
  /** SQLite's checkpoint thread, as the server runs it; null on PostgreSQL. */
  checkpoints: CheckpointThread | null;
  dataDir: string;
  /** The database URL used (PostgreSQL only). */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /** The key the app encrypts authenticator keys and keys recovery-code hashes with. */
  twoFactorKey: string;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** An admin created for this file. */
  admin: { id: number; email: string; password: string; tokenVersion: number };
  /** A valid 8-hour token for `admin`. */
  token: string;
  close(): Promise<void>;
};

export type SetupOptions = {
  config?: Partial<Omit<ApiConfig, 'jwtSecret' | 'twoFactorKey' | 'rateLimits'>> & {
    rateLimits?: Partial<ApiConfig['rateLimits']>;
  };
  now?: () => Date;
};

export async function setupApi(options: SetupOptions = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-api-test-'));
  const pgDb = TEST_DATABASE_URL ? await createPgDatabase(TEST_DATABASE_URL) : null;
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger('debug', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const handle = openDatabase({ dataDir, databaseUrl: pgDb?.url, poolSize: 4, logger });
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);

  const password = 'correct horse battery staple';
  const row = await insertAdmin(handle.db, 'admin@example.com', await hashPassword(password));
  const admin = { id: Number(row.id), email: row.email, password, tokenVersion: row.token_version };
  const jwtSecret = randomBytes(32).toString('hex');
  const twoFactorKey = randomBytes(32).toString('base64url');
  const app = createApp({
    db: handle.db,
    dbKind: handle.kind,
    // Requests in these tests are scripted, so the fill-time rule is off unless a test sets it (spam.test.ts),
    // and every application comes from one address, so its rate limit is raised unless a test sets it.
    config: {
      jwtSecret,
      twoFactorKey,
      spamMinFillMs: 0,
      sqlite: handle.kind === 'sqlite' ? { dataDir, synchronous: 'NORMAL' } : null,
      erasureLedger: path.join(dataDir, ERASURE_LEDGER_FILE),
      ...options.config,
      rateLimits: { applyPerIp: { max: 1_000_000, windowMs: 3_600_000 }, ...options.config?.rateLimits },
    },
    logger,
    checkpoints: handle.checkpoints,
    ...(options.now ? { now: options.now } : {}),
  });
  const { token } = await signToken({ sub: String(admin.id), tv: admin.tokenVersion }, jwtSecret, 8 * 3600);

  return {
    app,
    db: handle.db,
    dbKind: handle.kind,
    checkpoints: handle.checkpoints,
    dataDir,
    databaseUrl: pgDb?.url,
    jwtSecret,
    twoFactorKey,
    logs,
    admin,
    token,
    async close() {
      await handle.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type RequestOptions = {
  token?: string | undefined;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
};

/** `app.request` with JSON/form bodies and an optional Bearer token. */
export function call(app: Hono<AppEnv>, method: string, url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  return Promise.resolve(app.request(url, { method, headers, ...(body === undefined ? {} : { body }) }));
}

/** A call as the file's admin with a token signed at `now`: for an app that runs on a test's clock. */
export async function callAsAdminAt(
  api: TestApi,
  now: Date,
  method: string,
  url: string,
  json?: unknown,
): Promise<Response> {
  const { token } = await signToken(
    { sub: String(api.admin.id), tv: api.admin.tokenVersion },
    api.jwtSecret,
    3600,
    now,
  );
  return call(api.app, method, url, { token, ...(json === undefined ? {} : { json }) });
}

export const validJob = {
  title: 'Embedded AI Engineer',
  department: 'Engineering',
  location: 'Bengaluru, India',
  jobType: 'Full-time',
  description: 'Port ML pipelines to microcontrollers and NPUs.\nOwn the on-device inference stack.',
  salaryRange: '₹25-40 LPA',
} as const;

export const validApplicant = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+91 98765 43210',
  linkedin: 'https://www.linkedin.com/in/ada-lovelace',
  coverLetter: 'I have shipped firmware for edge devices for eight years and would love to join.',
};

export type ResumeUpload = { bytes: Uint8Array; name: string; type: string };
const pdfResume = (): ResumeUpload => ({ bytes: pdfBytes(), name: 'resume.pdf', type: 'application/pdf' });

/** The multipart body the careers form sends (with consent). Pass `undefined` for a field to leave it out. */
export function applicationForm(
  jobId: number | string,
  fields: Partial<Record<keyof typeof validApplicant | 'consent', string | undefined>> = {},
  resume: ResumeUpload | null = pdfResume(),
): FormData {
  const form = new FormData();
  form.set('jobId', String(jobId));
  // The applicant agrees to the privacy notice, as the form requires; pass consent: undefined to leave it out.
  const merged: Record<string, string | undefined> = { ...validApplicant, consent: 'true', ...fields };
  for (const [key, value] of Object.entries(merged)) if (value !== undefined) form.set(key, value);
  if (resume)
    form.set('resume', new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name, { type: resume.type }));
  return form;
}

/** Creates a job through the API and returns it. */
export async function createJobViaApi(api: TestApi, overrides: Partial<Record<keyof typeof validJob, string>> = {}) {
  const res = await call(api.app, 'POST', '/api/job', { token: api.token, json: { ...validJob, ...overrides } });
  if (res.status !== 201) throw new Error(`createJobViaApi: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { job: { id: number; title: string; department: string } }).job;
}

/** Submits an application and returns the response. */
export function apply(api: TestApi, form: FormData): Promise<Response> {
  return call(api.app, 'POST', '/api/applicants/apply', { form });
}

/**
 * The id of the application a 201 from `apply` stored: the newest (tests apply one at a time). The
 * answer names none, so that a second application cannot be told from a first.
 */
export async function appliedId(api: Pick<TestApi, 'db'>, res: Response): Promise<number> {
  if (res.status !== 201) throw new Error(`apply answered ${res.status}: ${await res.text()}`);
  const row = await api.db.selectFrom('applicants').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}
