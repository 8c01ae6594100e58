import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db';
import { SQLITE_FILE } from '~/server/db/client';
import { createLogger } from '~/server/logger';
import { call, setupApi, TEST_DATABASE_URL, type TestApi } from '../../support/api';

const autocheckpoint = async (handle: Pick<DbHandle, 'db'>) =>
  (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db)).rows[0]?.wal_autocheckpoint;

// SQLite only: the PostgreSQL project runs the same files and would repeat it.
describe.skipIf(TEST_DATABASE_URL)("SQLite's checkpoints on a thread of their own", () => {
  let dataDir: string;
  let handle: DbHandle;
  const logs: { level: string; msg: string }[] = [];
  const logger = createLogger('debug', (line) => logs.push(JSON.parse(line) as { level: string; msg: string }));

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-checkpoint-'));
    handle = openDatabase({ dataDir, logger });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    expect(logs).toEqual([]);
  });

  /** Whether the database file alone (without its log) holds the table: what checkpoints copied so far. */
  const fileHasNotes = () => {
    const copy = path.join(dataDir, `copy-${Date.now()}.sqlite`);
    copyFileSync(path.join(dataDir, SQLITE_FILE), copy);
    const file = new SQLite(copy, { readonly: true });
    try {
      return (
        (file.prepare("select count(*) as n from sqlite_master where name = 'notes'").get() as { n: number }).n === 1
      );
    } finally {
      file.close();
      rmSync(copy);
    }
  };

  it('keeps checkpoints off the connection the requests use', async () => {
    expect(await autocheckpoint(handle)).toBe(0);
    expect(handle.checkpoints?.stopped).toBe(false);
  });

  it('copies what the connection wrote into the database file, and the data survives closing', async () => {
    await sql`create table notes (body text)`.execute(handle.db);
    await sql`insert into notes values ('written on the event loop')`.execute(handle.db);
    await expect.poll(fileHasNotes, { timeout: 10_000 }).toBe(true);

    await handle.close();
    handle = openDatabase({ dataDir, logger });
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(handle.db);
    expect(rows).toEqual([{ body: 'written on the event loop' }]);
  });

  it('empties the log file once everything in it is in the database file', async () => {
    await sql`create table notes (body text)`.execute(handle.db);
    await sql`insert into notes values ('a body removed later')`.execute(handle.db);
    const log = path.join(dataDir, `${SQLITE_FILE}-wal`);
    await expect.poll(() => statSync(log).size, { timeout: 10_000 }).toBe(0);
  });

  it('lets a transaction that read first still write while another connection truncates the log', async () => {
    await sql`create table notes (body text)`.execute(handle.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    const other = new SQLite(path.join(dataDir, SQLITE_FILE), { timeout: 0 });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select count(*) from notes`.execute(trx);
        // What the checkpoint thread does once the log is copied; it never waits for the lock.
        other.pragma('wal_checkpoint(TRUNCATE)');
        await sql`insert into notes values ('written after the read')`.execute(trx);
      });
    } finally {
      other.close();
    }
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(handle.db);
    expect(rows).toEqual([{ body: 'written after the read' }]);
  });
});

describe.skipIf(TEST_DATABASE_URL)('a checkpoint thread that dies', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const health = async () => {
    const res = await call(api.app, 'GET', '/api/health');
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('gives checkpoints back to the connection, logs an error, shows in health, and the API keeps serving', async () => {
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'sqlite' } });

    await api.checkpoints!.worker.terminate();
    await expect.poll(health).toEqual({
      status: 200,
      body: { status: 'degraded', database: 'sqlite', degraded: ['checkpoints'] },
    });
    // SQLite's default: the commit that grows the log past 1000 pages checkpoints it.
    expect(await autocheckpoint(api)).toBe(1000);
    expect(api.logs.filter((line) => line['level'] === 'error').map((line) => line['msg'])).toEqual([
      'sqlite checkpoint thread stopped; the connection checkpoints on the event loop again',
    ]);

    const sent = await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Still Served', email: 'served@example.com', subject: 'After the thread', message: 'Hello' },
    });
    expect(sent.status).toBe(201);
    const listed = await call(api.app, 'GET', '/api/messages', { token: api.token });
    expect(((await listed.json()) as { messages: { email: string }[] }).messages.map((m) => m.email)).toEqual([
      'served@example.com',
    ]);
  });
});
