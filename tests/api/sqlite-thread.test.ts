import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation, openDatabase, type DbHandle } from '~/server/db';
import { TEST_DATABASE_URL } from '../helpers/api';

type Notes = { notes: { id: number; body: string } };

// SQLite only: the PostgreSQL project runs the same files and would repeat it.
describe.skipIf(TEST_DATABASE_URL)('SQLite on a thread of its own', () => {
  let dataDir: string;
  let handle: DbHandle;
  let db: Kysely<Notes>;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-sqlite-thread-'));
    handle = openDatabase({ dataDir });
    db = handle.db as unknown as Kysely<Notes>;
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const bodies = async () => (await db.selectFrom('notes').select('body').orderBy('id').execute()).map((r) => r.body);

  /** Opens a transaction that inserts `body` and holds it open until `finish` is called. */
  function openTransaction(body: string) {
    let finish!: (outcome: 'commit' | 'rollback') => void;
    const decided = new Promise<'commit' | 'rollback'>((resolve) => (finish = resolve));
    let inserted!: () => void;
    const insertedPromise = new Promise<void>((resolve) => (inserted = resolve));
    const done = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ body }).execute();
        inserted();
        if ((await decided) === 'rollback') throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => error.message);
    return { inserted: insertedPromise, finish, done };
  }

  it('keeps a write made beside an open transaction out of it: the rollback leaves it stored', async () => {
    const open = openTransaction('inside');
    await open.inserted;
    const outside = db.insertInto('notes').values({ body: 'outside' }).execute();
    open.finish('rollback');
    expect(await open.done).toBe('rolled back on purpose');
    await outside;
    expect(await bodies()).toEqual(['outside']);
  });

  it("never shows another request's uncommitted row, and shows it once committed", async () => {
    const open = openTransaction('pending');
    await open.inserted;
    expect(await bodies()).toEqual([]);
    open.finish('commit');
    await open.done;
    expect(await bodies()).toEqual(['pending']);
  });

  it("reports SQLite's unique violation with its code, so the API can answer 409", async () => {
    await db.insertInto('notes').values({ body: 'once' }).execute();
    const error = await db
      .insertInto('notes')
      .values({ body: 'once' })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as Error).message).toContain('UNIQUE constraint failed');
  });

  it('stores and returns a 5 MB blob byte for byte', async () => {
    await sql`create table files (id integer primary key, data blob not null)`.execute(db);
    const bytes = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 31) % 251);
    await sql`insert into files (data) values (${bytes})`.execute(db);
    const { rows } = await sql<{ data: Uint8Array }>`select data from files`.execute(db);
    expect(Buffer.compare(Buffer.from(rows[0]!.data), Buffer.from(bytes))).toBe(0);
  });

  it('lets an open transaction finish before closing, and keeps what it wrote', async () => {
    const open = openTransaction('last words');
    await open.inserted;
    const closing = handle.close();
    open.finish('commit');
    await open.done;
    await closing;
    handle = openDatabase({ dataDir });
    db = handle.db as unknown as Kysely<Notes>;
    expect(await bodies()).toEqual(['last words']);
  });
});
