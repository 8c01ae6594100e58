import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db';
import { SQLITE_FILE } from '~/server/db/client';
import { TEST_DATABASE_URL } from '../helpers/api';

// SQLite only: the PostgreSQL project runs the same files and would repeat it.
describe.skipIf(TEST_DATABASE_URL)("SQLite's checkpoints on a thread of their own", () => {
  let dataDir: string;
  let handle: DbHandle;
  const errors: string[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-checkpoint-'));
    handle = openDatabase({ dataDir, onCheckpointError: (message) => errors.push(message) });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    expect(errors).toEqual([]);
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
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
  });

  it('copies what the connection wrote into the database file, and the data survives closing', async () => {
    await sql`create table notes (body text)`.execute(handle.db);
    await sql`insert into notes values ('written on the event loop')`.execute(handle.db);
    await expect.poll(fileHasNotes, { timeout: 10_000 }).toBe(true);

    await handle.close();
    handle = openDatabase({ dataDir, onCheckpointError: (message) => errors.push(message) });
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(handle.db);
    expect(rows).toEqual([{ body: 'written on the event loop' }]);
  });
});
