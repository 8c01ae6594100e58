import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database, DbKind } from './schema';
import { attachSessionCache } from './session-cache';

export type DbHandle = {
  db: Kysely<Database>;
  kind: DbKind;
  /** Closes the pool or the SQLite file. Safe to call twice. */
  close(): Promise<void>;
};

export type DbOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
  /**
   * SQLite only. NORMAL (default): in WAL mode a committed transaction survives any process crash
   * (the crash test kills with SIGKILL) and the file never corrupts; only a power loss or OS crash
   * may roll back the last commits. FULL also survives those, at about a third of the upload rate.
   */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
};

/** The SQLite file inside DATA_DIR. */
export const SQLITE_FILE = 'edgecraft.sqlite';

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise SQLite in `dataDir` (created if missing)
 * with WAL, foreign keys and a busy timeout.
 */
export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, SQLITE_FILE));
  // Larger pages store 1 MB resumes in far fewer overflow pages; only applies to a new file.
  sqlite.pragma('page_size = 16384');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteStatements.set(db, database);
  const stopSessionCache = attachSessionCache(db, options.dataDir);
  let closed = false;
  return {
    db,
    kind: 'sqlite',
    async close() {
      if (closed) return;
      closed = true;
      stopSessionCache();
      await db.destroy();
    },
  };
}

/** Distinct SQL texts kept compiled; the queries are parameterised, so a few dozen are in use. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 as Kysely's dialect sees it, with each SQL text compiled once: Kysely prepares
 * every query anew, which costs more than running the small ones. Kysely runs one query at a time
 * on its one SQLite connection, so a statement is never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The statement cache behind each Kysely instance over SQLite. */
const sqliteStatements = new WeakMap<Kysely<Database>, SqliteDatabase>();

/**
 * The rows of a compiled read: at once on SQLite (better-sqlite3 is synchronous), else through
 * Kysely's promise. For the guard's per-request session query, where Kysely's promise chain costs
 * more than SQLite's work. It passes by Kysely's one-query-at-a-time lock, so inside a transaction
 * open on the same connection it sees that transaction's writes; a read of one row cannot harm it.
 */
export function readRows<Row>(db: Kysely<Database>, query: CompiledQuery<Row>): Row[] | Promise<Row[]> {
  const sqlite = sqliteStatements.get(db);
  if (sqlite) return sqlite.prepare(query.sql).all(query.parameters) as Row[];
  return db.executeQuery(query).then((result) => result.rows);
}

/** True when `error` is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
