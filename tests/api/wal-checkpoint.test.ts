import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db';
import { checkpoint } from '~/server/features/applicants/store-worker';
import { setupApi, TEST_DATABASE_URL } from '../helpers/api';

// SQLite's write-ahead log is checkpointed by the store worker, never by the main thread.
describe.skipIf(TEST_DATABASE_URL)('SQLite checkpoints off the event loop', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-wal-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('leaves checkpoints off the main connection once the API is up', async () => {
    const api = await setupApi();
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(api.db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
    } finally {
      await api.close();
    }
  });

  it('brings what the main connection wrote into the database file through the worker', async () => {
    const main = openDatabase({ dataDir });
    await sql`pragma wal_autocheckpoint = 0`.execute(main.db);
    await sql`create table notes (body text)`.execute(main.db);
    await sql`insert into notes values ('written on the main thread')`.execute(main.db);
    const fileRows = () => {
      // The database file alone, without its log: what a checkpoint has copied so far.
      const copy = path.join(dataDir, `copy-${Date.now()}.sqlite`);
      copyFileSync(path.join(dataDir, 'edgecraft.sqlite'), copy);
      const file = new SQLite(copy, { readonly: true });
      try {
        return (file.prepare("select count(*) as n from sqlite_master where name = 'notes'").get() as { n: number }).n;
      } finally {
        file.close();
      }
    };
    expect(fileRows()).toBe(0);
    await checkpoint({ sqlite: { dataDir, synchronous: 'NORMAL' } });
    expect(fileRows()).toBe(1);
    await main.close();
  });
});
