/**
 * PostgreSQL going away under the compiled server, on a private cluster this file starts: a fast
 * stop (a restart) and a freeze (SIGSTOP) in the middle of a stream of applications. The process
 * stays up, every answer is 201 or 503 with Retry-After, every 201 is stored, and it recovers
 * without a restart; a job page answers 503 meanwhile, and the admin CLI gives up on a frozen
 * server as the server does; a server started while PostgreSQL is down answers 503 until it is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPageState } from '~/lib/job-pages';
import { requestMessages } from '~/lib/schemas';
import { databaseOptionsFromEnv } from '~/server/config';
import { openDatabase } from '~/server/db';
import { parseApiEnv } from '~/server/env';
import { jobPagesStoreOf } from '~/server/static/job-pages';
import { applicationForm, TEST_DATABASE_URL } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { PG_BIN, startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { createJob } from '../helpers/running-server';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'outage@example.com', password: 'outage test password' };
/** Short limits, so a frozen server is given up on quickly (the defaults are for production). */
const TIMEOUTS = {
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_STATEMENT_TIMEOUT_MS: '2000',
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '3000',
};
const CLIENTS = 6;

// The cluster is this file's own, so one run is enough: the SQLite project runs it.
const skipReason = !PG_BIN
  ? 'PostgreSQL binaries are not installed (/usr/lib/postgresql/*/bin)'
  : TEST_DATABASE_URL
    ? 'runs once, in the api project, on its own cluster'
    : null;

let cluster: PgCluster;
let dataDir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-outage-test-'));
  if (!skipReason) cluster = await startPgCluster();
});

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  await cluster?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The state a job page answers with, read as the server reads it (`dist/server`'s page renders it:
 * the API tests run without the site's build) over a pool with the server's settings.
 */
async function jobPage(databaseUrl: string, jobId: number) {
  const handle = openDatabase(
    databaseOptionsFromEnv(parseApiEnv({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...TIMEOUTS })),
  );
  try {
    return await jobPageState(
      jobPagesStoreOf(handle.db),
      String(jobId),
      new URL(`http://localhost/career/jobs/${jobId}`),
      null,
    );
  } finally {
    await handle.close();
  }
}

async function startServer(databaseUrl: string): Promise<RunningServer> {
  const server = await startApiServer(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APPLY_RATE_LIMIT_GLOBAL_PER_HOUR: '1000000',
      LOG_LEVEL: 'info',
      ...TIMEOUTS,
    },
    0,
  );
  servers.push(server);
  return server;
}

/** Resolves with the first line of the server's stdout that contains `text`. */
function lineContaining(server: RunningServer, text: string): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: server.child.stdout! });
    lines.on('line', (line) => {
      if (!line.includes(text)) return;
      lines.close();
      resolve(line);
    });
  });
}

type Answer = { phase: string; email: string; status: number; retryAfter: string | null; message: string; at: number };

/** A stream of applications from CLIENTS clients, each sending its next as soon as the last is answered. */
function applicationStream(url: string, jobId: number) {
  const answers: Answer[] = [];
  const waiters: { test: (answer: Answer) => boolean; resolve: (answer: Answer) => void }[] = [];
  let phase = 'before';
  let running = true;
  let sent = 0;
  const client = async () => {
    while (running) {
      const email = `stream${sent++}@example.com`;
      const currentPhase = phase;
      const res = await fetch(`${url}/api/applicants/apply`, {
        method: 'POST',
        body: applicationForm(jobId, { email }),
      });
      const body = (await res.json()) as { message: string };
      const answer = {
        phase: currentPhase,
        email,
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        message: body.message,
        at: performance.now(),
      };
      answers.push(answer);
      for (const waiter of [...waiters]) {
        if (!waiter.test(answer)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(answer);
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    answers,
    /** Starts a phase: answers to applications sent from now on carry its name. */
    enter(name: string) {
      phase = name;
    },
    /** The first answer from now on, of an application sent in `name`, with `status`. */
    next(name: string, status: number): Promise<Answer> {
      return new Promise((resolve) => waiters.push({ test: (a) => a.phase === name && a.status === status, resolve }));
    },
    async end() {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function storedEmails(databaseUrl: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>('select email from applicants');
    return new Set(rows.map((row) => row.email));
  } finally {
    await client.end();
  }
}

async function health(url: string) {
  const res = await fetch(`${url}/api/health`);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

describe.skipIf(skipReason !== null)('PostgreSQL outages', () => {
  it('survives a restart and a freeze of PostgreSQL under a stream of applications: 201 or 503, every 201 stored', async () => {
    const server = await startServer(cluster.url);
    const jobId = await createJob(server.url, ADMIN);
    const stream = applicationStream(server.url, jobId);
    const counts = (phase: string) => ({
      201: stream.answers.filter((a) => a.phase === phase && a.status === 201).length,
      503: stream.answers.filter((a) => a.phase === phase && a.status === 503).length,
    });
    try {
      await stream.next('before', 201);

      stream.enter('stopped');
      const refused = stream.next('stopped', 503);
      await cluster.stop();
      await refused;
      expect(await health(server.url)).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { status: 'unavailable', database: 'postgres', down: ['database'] },
      });
      expect(await jobPage(cluster.url, jobId)).toEqual({
        kind: 'unavailable',
        status: 503,
        headers: { 'Retry-After': expect.stringMatching(/^\d+$/), 'Cache-Control': 'no-store' },
      });
      stream.enter('restarted');
      const restartedAt = performance.now();
      const back = stream.next('restarted', 201);
      await cluster.start();
      const recoveredAfterStart = (await back).at - restartedAt;

      stream.enter('frozen');
      const stalled = stream.next('frozen', 503);
      cluster.freeze();
      await stalled;
      const frozenHealth = await health(server.url);
      // The CLI bounds connecting as the server does, instead of waiting for a server that never answers.
      const frozenCli = await runAdminCli(['list'], { dataDir, databaseUrl: cluster.url }, { env: TIMEOUTS });
      stream.enter('thawed');
      const thawedAt = performance.now();
      const resumed = stream.next('thawed', 201);
      cluster.thaw();
      const recoveredAfterThaw = (await resumed).at - thawedAt;
      expect(frozenHealth).toMatchObject({ status: 503, body: { status: 'unavailable', down: ['database'] } });
      expect(frozenCli).toMatchObject({
        code: 1,
        err: expect.stringContaining('Connection terminated due to connection timeout'),
      });

      await stream.end();
      console.log(
        JSON.stringify({
          figures: 'PostgreSQL outage under a stream of applications',
          clients: CLIENTS,
          stopped: counts('stopped'),
          restarted: counts('restarted'),
          frozen: counts('frozen'),
          thawed: counts('thawed'),
          recoveredAfterStartMs: Math.round(recoveredAfterStart),
          recoveredAfterThawMs: Math.round(recoveredAfterThaw),
        }),
      );
    } finally {
      await stream.end();
    }

    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const unexpected = stream.answers.filter((a) => a.status !== 201 && a.status !== 503);
    expect(unexpected).toEqual([]);
    const refusals = stream.answers.filter((a) => a.status === 503);
    expect(refusals.length).toBeGreaterThan(0);
    for (const answer of refusals) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.message).toBe(requestMessages.unavailable);
    }
    const stored = await storedEmails(cluster.url);
    const lost = stream.answers.filter((a) => a.status === 201 && !stored.has(a.email)).map((a) => a.email);
    expect(lost).toEqual([]);
    expect((await health(server.url)).body).toEqual({ status: 'ok', database: 'postgres' });
    expect((await jobPage(cluster.url, jobId)).kind).toBe('redirect');
  });

  it('starts while PostgreSQL is down, answers 503 until it is back, then migrates and serves', async () => {
    const databaseUrl = await cluster.createDatabase('edgecraft_late');
    await cluster.stop();
    const server = await startServer(databaseUrl);
    const ready = lineContaining(server, 'the API is ready');

    expect(await health(server.url)).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { status: 'starting', database: 'postgres', down: ['database'] },
    });
    const jobs = await fetch(`${server.url}/api/job`);
    expect(jobs.status).toBe(503);
    expect(jobs.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await jobs.json()).toEqual({ message: requestMessages.unavailable });

    await cluster.start();
    await ready;
    expect((await health(server.url)).body).toEqual({ status: 'ok', database: 'postgres' });
    expect(await createJob(server.url, ADMIN)).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
  });
});

if (skipReason) {
  describe.skip(`PostgreSQL outages skipped: ${skipReason}`, () => {
    it.skip('needs Debian’s PostgreSQL binaries; runs in the api project only', () => {});
  });
}
