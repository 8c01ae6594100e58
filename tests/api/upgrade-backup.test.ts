/**
 * An upgrade backs up first (SQLite): a start that finds pending migrations writes a checked backup
 * of the database as it was to DATA_DIR/backups/ before migrating, and refuses to migrate, exiting 1
 * with the reason, when it cannot write one. A start with nothing pending writes none.
 */
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, UPGRADE_BACKUPS_DIR } from '~/server/db';
import { SQLITE_FILE } from '~/server/db/client';
import { migrateTo, migrationNames } from '~/server/db/migrations';
import { TEST_DATABASE_URL } from '../../support/api';
import { runAdminCli } from '../helpers/cli';
import { startApiServer } from '../helpers/server';

const OLDER = migrationNames().at(-3)!;
const LATEST = migrationNames().at(-1)!;
const dirs: string[] = [];

/** A DATA_DIR whose database an earlier version left: two migrations behind. */
async function olderDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-upgrade-test-'));
  dirs.push(dataDir);
  const handle = openDatabase({ dataDir });
  await migrateTo(handle.db as unknown as Kysely<unknown>, handle.kind, OLDER);
  await handle.close();
  return dataDir;
}

/** The newest migration the SQLite file at `file` has applied. */
function schemaOf(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare('select max(name) from kysely_migration').pluck().get() as string;
  } finally {
    db.close();
  }
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(TEST_DATABASE_URL)('an upgrade backs up first (SQLite)', () => {
  it('writes a checked backup of the older database before migrating, and none when nothing is pending', async () => {
    const dataDir = await olderDataDir();
    const server = await startApiServer({ DATA_DIR: dataDir }, 0);
    await server.stop();
    const folder = path.join(dataDir, UPGRADE_BACKUPS_DIR);
    const backups = readdirSync(folder).filter((name) => name.endsWith('.sqlite'));
    expect(backups).toEqual([
      expect.stringMatching(new RegExp(`^edgecraft-before-${migrationNames().at(-2)}-[\\dT-]+Z\\.sqlite$`)),
    ]);
    expect(readdirSync(folder)).toContain(`${backups[0]}.jwt-secret`);
    expect(schemaOf(path.join(folder, backups[0]!))).toBe(OLDER);
    expect(schemaOf(path.join(dataDir, SQLITE_FILE))).toBe(LATEST);

    const again = await startApiServer({ DATA_DIR: dataDir }, 0);
    await again.stop();
    expect(readdirSync(folder).filter((name) => name.endsWith('.sqlite'))).toEqual(backups);

    // Past BACKUP_KEEP_DAYS (30 by default) the daily run, which also runs at start, deletes it and its secrets.
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60_000);
    for (const name of readdirSync(folder)) utimesSync(path.join(folder, name), longAgo, longAgo);
    const later = await startApiServer({ DATA_DIR: dataDir }, 0);
    await expect.poll(() => readdirSync(folder)).toEqual([]);
    await later.stop();
  });

  it('migrate --dry-run lists the pending migrations and runs them on a copy; the next command backs up, then migrates', async () => {
    const dataDir = await olderDataDir();
    const database = path.join(dataDir, SQLITE_FILE);
    const dry = await runAdminCli(['migrate', '--dry-run'], { dataDir });
    expect(dry.err).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(
      new RegExp(
        `^Pending migrations: ${migrationNames().slice(-2).join(', ')}\\.\nRun on a copy of the database: they apply, and the counts stay the same \\(.+\\)\\. Nothing was changed\\.\n$`,
      ),
    );
    expect(schemaOf(database)).toBe(OLDER);
    expect(readdirSync(dataDir)).not.toContain(UPGRADE_BACKUPS_DIR);

    const list = await runAdminCli(['list'], { dataDir });
    expect(list.code).toBe(0);
    expect(list.err).toMatch(/^Wrote .*\/backups\/edgecraft-before-.+\.sqlite before migrating the database\.\n$/);
    expect(schemaOf(database)).toBe(LATEST);
    expect((await runAdminCli(['migrate', '--dry-run'], { dataDir })).out).toBe(
      `No pending migrations: the database is at schema ${LATEST}. Nothing was changed.\n`,
    );
  });

  it('refuses to migrate, exiting 1 with the reason, when the backup cannot be written', async () => {
    const dataDir = await olderDataDir();
    // A file where the folder should be: nothing can be written there.
    writeFileSync(path.join(dataDir, UPGRADE_BACKUPS_DIR), '');
    await expect(startApiServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 0)).rejects.toThrow(
      /exited with 1 before it was ready[\s\S]*2 pending migrations not applied: the backup taken before migrating could not be written to .*backups .*the database is as it was/,
    );
    expect(schemaOf(path.join(dataDir, SQLITE_FILE))).toBe(OLDER);
  });
});
