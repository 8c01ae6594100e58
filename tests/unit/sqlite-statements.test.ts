import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepCauseSqliteDialect } from '../../src/server/db/sqlite-dialect';

type Numbers = { numbers: { n: number } };
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function numbersDb(count: number): Kysely<Numbers> {
  const folder = mkdtempSync(join(tmpdir(), 'sqlite-statements-test-'));
  folders.push(folder);
  const sqlite = new SQLite(join(folder, 'test.sqlite'));
  sqlite.exec('create table numbers (n integer primary key)');
  const insert = sqlite.prepare('insert into numbers (n) values (?)');
  for (let n = 1; n <= count; n++) insert.run(n);
  return new Kysely<Numbers>({ dialect: new KeepCauseSqliteDialect(sqlite) });
}

describe('SQLite statements prepared once', () => {
  it('answer a repeated query with its new parameters, also after more distinct queries than are kept', async () => {
    const db = numbersDb(3);
    const below = (limit: number) => db.selectFrom('numbers').select('n').where('n', '<', limit).execute();
    expect(await below(3)).toEqual([{ n: 1 }, { n: 2 }]);
    // 1,100 distinct SQL texts push the first one out of the kept statements.
    for (let i = 0; i < 1_100; i++) await sql`select ${sql.lit(i)} as i`.execute(db);
    expect(await below(2)).toEqual([{ n: 1 }]);
    await db.destroy();
  });
});
