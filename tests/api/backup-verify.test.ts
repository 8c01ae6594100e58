/**
 * `npm run admin -- verify-backup FILE`: a backup `admin -- backup` wrote restores into a scratch
 * database, migrates and keeps its counts (exit 0, a short report); a half-written or damaged
 * file is refused (exit 1, the reason), and nothing is left behind.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '~/server/db';
import { SQLITE_FILE } from '~/server/db/client';
import { migrateTo, migrationNames } from '~/server/db/migrations';
import { TEST_DATABASE_URL } from '../../support/api';
import { runAdminCli } from '../helpers/cli';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(TEST_DATABASE_URL)('admin verify-backup (SQLite)', () => {
  let root: string;
  let dataDir: string;
  let backup: string;
  const verify = (file: string) => runAdminCli(['verify-backup', file], { dataDir });
  const scratchCopies = () => readdirSync(tmpdir()).filter((name) => name.startsWith('edgecraft-verify-'));

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-verify-test-'));
    dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    backup = path.join(root, 'edgecraft.sqlite');
    expect(
      (await runAdminCli(['create', 'verify@example.com'], { dataDir }, { stdin: 'verify test password\n' })).code,
    ).toBe(0);
    expect((await runAdminCli(['backup', backup], { dataDir })).code).toBe(0);
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('restores a backup into a scratch database, migrates it and reports the same counts', async () => {
    const before = scratchCopies();
    const result = await verify(backup);
    expect(result).toEqual({
      code: 0,
      err: '',
      out: expect.stringMatching(
        new RegExp(
          `^Verified ${escape(backup)}: [\\d.]+ [KM]B; 0 applicants, 1 jobs, 0 contact messages; schema ${escape(migrationNames().at(-1)!)}; restored into a scratch database, no migration pending, the same counts after\\.\\n$`,
        ),
      ) as string,
    });
    expect(scratchCopies()).toEqual(before);
  });

  it('migrates a backup of an older schema as a start would, and says how many migrations ran', async () => {
    const olderDir = path.join(root, 'older');
    mkdirSync(olderDir);
    const handle = openDatabase({ dataDir: olderDir });
    await migrateTo(handle.db as unknown as Kysely<unknown>, handle.kind, migrationNames().at(-3)!);
    await handle.close();
    const older = path.join(olderDir, SQLITE_FILE);
    const result = await verify(older);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`restored into a scratch database, 2 migrations applied, the same counts after.`);
    // The file itself is only read.
    expect(await runAdminCli(['verify-backup', older], { dataDir })).toMatchObject({ code: 0, out: result.out });
  });

  it('refuses a half-written backup', async () => {
    const half = path.join(root, 'half.sqlite');
    copyFileSync(backup, half);
    truncateSync(half, Math.floor(statSync(half).size / 2) + 100);
    const result = await verify(half);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      new RegExp(`^${escape(half)} is truncated or damaged \\(\\d+ bytes, expected \\d+ pages of \\d+\\)\\.\\n$`),
    );
  });

  it('refuses a backup whose pages are damaged', async () => {
    const damaged = path.join(root, 'damaged.sqlite');
    copyFileSync(backup, damaged);
    const pageSize = 4096;
    const fd = openSync(damaged, 'r+');
    // Every page after the first (the schema's) overwritten: the header is whole, the tables are not.
    writeSync(fd, Buffer.alloc(statSync(damaged).size - pageSize, 0xa5), 0, undefined, pageSize);
    closeSync(fd);
    const result = await verify(damaged);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      new RegExp(`^${escape(damaged)} is (damaged|not a readable database of this site) \\(.+\\)\\.\\n$`),
    );
  });
});
