/**
 * `npm run admin -- backup` keeps a folder of daily backups to BACKUP_KEEP_DAYS: after writing the
 * new one it deletes this site's backups written before that, with the secrets beside them, and
 * nothing else in the folder.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../support/api';
import { runAdminCli } from '../helpers/cli';

const DAY_MS = 24 * 60 * 60_000;

describe.skipIf(TEST_DATABASE_URL)('backup pruning', { timeout: 120_000 }, () => {
  let root: string;
  let dataDir: string;
  let backups: string;
  const backup = (name: string, env: Record<string, string> = {}) =>
    runAdminCli(
      ['backup', path.join(backups, name)],
      { dataDir, databaseUrl: '' },
      { env: { JWT_SECRET: '', TWO_FACTOR_KEY: '', ...env } },
    );
  /** Sets a file's modification time `days` days back. */
  const age = (name: string, days: number) => {
    const when = new Date(Date.now() - days * DAY_MS);
    utimesSync(path.join(backups, name), when, when);
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-backup-pruning-test-'));
    dataDir = path.join(root, 'data');
    backups = path.join(root, 'backups');
    mkdirSync(backups);
    // `list` opens and migrates DATA_DIR's database, as a first start would.
    expect((await runAdminCli(['list'], { dataDir, databaseUrl: '' })).code).toBe(0);
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'a jwt secret of the pruning test, 32+ characters\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('deletes this site’s backups older than BACKUP_KEEP_DAYS and their secrets, and nothing else', async () => {
    expect((await backup('edgecraft-old.sqlite')).code).toBe(0);
    expect((await backup('edgecraft-recent.sqlite')).code).toBe(0);
    age('edgecraft-old.sqlite', 31);
    age('edgecraft-recent.sqlite', 29);
    // Old files that are not backups of this site: a note and another program's SQLite database.
    writeFileSync(path.join(backups, 'README.txt'), 'Backups of the careers site.\n');
    age('README.txt', 400);
    const foreign = new SQLite(path.join(backups, 'other-app.sqlite'));
    foreign.exec('create table things (id integer primary key)');
    foreign.close();
    age('other-app.sqlite', 400);
    // A copy whose name the command did not choose is still a backup of this site.
    copyFileSync(path.join(backups, 'edgecraft-recent.sqlite'), path.join(backups, 'copied-by-hand.sqlite'));
    age('copied-by-hand.sqlite', 45);

    const today = await backup('edgecraft-today.sqlite');
    expect(today.err).toBe('');
    expect(today.code).toBe(0);
    expect(today.out).toContain(
      `Deleted ${path.join(backups, 'edgecraft-old.sqlite')}: older than 30 days (BACKUP_KEEP_DAYS).\n`,
    );
    expect(today.out).toContain(`Deleted ${path.join(backups, 'edgecraft-old.sqlite.jwt-secret')}`);
    expect(readdirSync(backups).sort()).toEqual([
      'README.txt',
      'edgecraft-recent.sqlite',
      'edgecraft-recent.sqlite.jwt-secret',
      'edgecraft-today.sqlite',
      'edgecraft-today.sqlite.jwt-secret',
      'other-app.sqlite',
    ]);
  });

  it('keeps to a shorter BACKUP_KEEP_DAYS, never deleting the backup it has just written', async () => {
    age('edgecraft-today.sqlite', 2);
    const next = await backup('edgecraft-next.sqlite', { BACKUP_KEEP_DAYS: '1' });
    expect(next.code).toBe(0);
    expect(
      readdirSync(backups)
        .filter((name) => name.endsWith('.sqlite'))
        .sort(),
    ).toEqual(['edgecraft-next.sqlite', 'other-app.sqlite']);
  });

  it('refuses a BACKUP_KEEP_DAYS that is not a positive number of days, deleting nothing', async () => {
    const before = readdirSync(backups).sort();
    const refused = await backup('edgecraft-refused.sqlite', { BACKUP_KEEP_DAYS: '0' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('BACKUP_KEEP_DAYS');
    expect(readdirSync(backups).sort()).toEqual(before);
  });
});
