/**
 * The two probes beside `/api/health`: liveness answers whatever the database does; readiness, in
 * the IETF health-check format, checks the database, the disk, the outbox and the backups, and
 * answers 503 on fail. In process on either database, then through a real PostgreSQL outage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_RECORD_FILE, recordBackup } from '~/server/db';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  TEST_DATABASE_URL,
  type TestApi,
} from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { PG_BIN, startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { startApiServer, type RunningServer } from '../helpers/server';

const HOUR_MS = 60 * 60_000;

type Probe = { status: number; type: string | null; body: { status: string; checks?: Record<string, Check[]> } };
type Check = { status: string; output?: string; observedValue?: number | null };

async function probe(fetcher: (path: string) => Promise<Response>, which: 'live' | 'ready'): Promise<Probe> {
  const res = await fetcher(`/api/health/${which}`);
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Probe['body'] };
}

const checkOf = (answer: Probe, key: string) => answer.body.checks?.[key]?.[0];

describe('liveness and readiness', () => {
  let api: TestApi;
  // Where `admin -- backup` records its backups, as DATA_DIR is for a server.
  const recordDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-probes-record-'));
  const record = path.join(recordDir, BACKUP_RECORD_FILE);
  beforeAll(async () => {
    api = await setupApi({ config: { backups: { record, maxAgeHours: 24 } } });
  });
  afterAll(async () => {
    await api.close();
    rmSync(recordDir, { recursive: true, force: true });
  });
  const fetcher = (url: string) => call(api.app, 'GET', url);

  it('answers liveness as health+json pass, never cached', async () => {
    const res = await fetcher('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/health+json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'pass' });
  });

  it('checks the database, the disk, the outbox and the backups, and leaves /api/health as it was', async () => {
    recordBackup(recordDir, { at: new Date(), file: '/backups/today.sqlite' });
    const ready = await probe(fetcher, 'ready');
    expect(ready).toMatchObject({ status: 200, type: 'application/health+json', body: { status: 'pass' } });
    expect(Object.keys(ready.body.checks ?? {})).toEqual([
      'database:responseTime',
      'disk:freeSpace',
      'outbox:oldestPending',
      'backups:age',
    ]);
    for (const [check] of Object.values(ready.body.checks ?? {})) expect(check).toMatchObject({ status: 'pass' });
    expect(checkOf(ready, 'database:responseTime')?.observedValue).toBeGreaterThanOrEqual(0);
    expect(await (await fetcher('/api/health')).json()).toEqual({ status: 'ok', database: api.dbKind });
  });

  it('warns, still 200, when the last verified backup is older than BACKUP_MAX_AGE_HOURS', async () => {
    recordBackup(recordDir, { at: new Date(Date.now() - 25 * HOUR_MS), file: '/backups/yesterday.sqlite' });
    const stale = await probe(fetcher, 'ready');
    expect(stale).toMatchObject({ status: 200, body: { status: 'warn' } });
    expect(checkOf(stale, 'backups:age')).toMatchObject({
      status: 'warn',
      observedValue: 25,
      output: 'the last verified backup is older than BACKUP_MAX_AGE_HOURS (24)',
    });
    rmSync(record);
    expect(checkOf(await probe(fetcher, 'ready'), 'backups:age')).toMatchObject({
      status: 'warn',
      observedValue: null,
      output: 'no verified backup recorded (npm run admin -- backup FILE)',
    });
  });

  it('warns while mails wait in the outbox with no SMTP_URL to send them', async () => {
    recordBackup(recordDir, { at: new Date(), file: '/backups/today.sqlite' });
    const job = await createJobViaApi(api);
    expect((await apply(api, applicationForm(job.id))).status).toBe(201);
    const ready = await probe(fetcher, 'ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'warn' } });
    expect(checkOf(ready, 'outbox:oldestPending')).toMatchObject({
      status: 'warn',
      output: expect.stringMatching(/^\d+ waiting: SMTP_URL is not set \(see the Outbox tab\)$/),
    });
  });
});

// The cluster is this file's own, so one run is enough: the SQLite project runs it.
const skipReason = !PG_BIN
  ? 'PostgreSQL binaries are not installed (/usr/lib/postgresql/*/bin)'
  : TEST_DATABASE_URL
    ? 'runs once, in the api project, on its own cluster'
    : null;

describe.skipIf(skipReason !== null)('the probes through a PostgreSQL outage', () => {
  let cluster: PgCluster;
  let dataDir: string;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-probes-test-'));
    cluster = await startPgCluster();
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await cluster?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays live while readiness fails: starting with PostgreSQL down, stopped under it, and back', async () => {
    await cluster.stop();
    server = await startApiServer(
      { DATABASE_URL: cluster.url, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'info' },
      0,
    );
    const lines = createInterface({ input: server.child.stdout! });
    const prepared = new Promise<void>((resolve) =>
      lines.on('line', (l) => l.includes('the API is ready') && resolve()),
    );
    const fetcher = (url: string) => fetch(`${server!.url}${url}`);

    expect(await probe(fetcher, 'live')).toEqual({
      status: 200,
      type: 'application/health+json',
      body: { status: 'pass' },
    });
    const starting = await probe(fetcher, 'ready');
    expect(starting).toMatchObject({ status: 503, type: 'application/health+json', body: { status: 'fail' } });
    expect(checkOf(starting, 'database:responseTime')).toMatchObject({
      status: 'fail',
      output: 'starting: waiting for PostgreSQL to answer, then migrating',
    });

    await cluster.start();
    await prepared;
    expect(await probe(fetcher, 'ready')).toMatchObject({ status: 200, body: { status: 'pass' } });

    await cluster.stop();
    const down = await probe(fetcher, 'ready');
    expect(down).toMatchObject({ status: 503, body: { status: 'fail' } });
    expect(checkOf(down, 'database:responseTime')).toMatchObject({
      status: 'fail',
      output: 'PostgreSQL does not answer',
    });
    expect(checkOf(down, 'outbox:oldestPending')).toMatchObject({ status: 'fail' });
    expect((await probe(fetcher, 'live')).status).toBe(200);
    expect((await fetcher('/api/health')).status).toBe(503);
    expect(
      await runAdminCli(['healthcheck'], { dataDir }, { env: { HOST: '127.0.0.1', PORT: String(server.port) } }),
    ).toEqual({
      code: 1,
      out: '',
      err: expect.stringMatching(
        /^Not ready: fail \(database:responseTime fail: PostgreSQL does not answer; outbox:oldestPending fail: .+\)\.\n$/,
      ) as string,
    });

    await cluster.start();
    expect(await probe(fetcher, 'ready')).toMatchObject({ status: 200, body: { status: 'pass' } });
    expect(server.child.exitCode).toBeNull();
  });
});
