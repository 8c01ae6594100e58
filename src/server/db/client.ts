import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { silentLogger, type Logger } from '../logger';
import { startCheckpointThread, type CheckpointThread } from './checkpoint-thread';
import { resilientPgPool, type PostgresTimeouts } from './pg-pool';
import { KeepCauseSqliteDialect } from './sqlite-dialect';
import type { Database, DbKind } from './schema';

export type DbHandle = {
  db: Kysely<Database>;
  kind: DbKind;
  /** SQLite's checkpoint thread (see checkpoint-thread.ts); null on PostgreSQL. */
  checkpoints: CheckpointThread | null;
  /** Closes the pool or the SQLite file. Safe to call twice. */
  close(): Promise<void>;
};

export type DbOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** PostgreSQL only: connect, statement and idle-in-transaction limits (boot.ts passes DATABASE_*_TIMEOUT_MS); none when unset. */
  postgresTimeouts?: PostgresTimeouts;
  /** PostgreSQL only: a connection lost under the pool, reported instead of crashing the process. */
  onConnectionError?: (error: Error) => void;
  /**
   * SQLite only. NORMAL (default): in WAL mode a committed transaction survives any process crash
   * (the crash test kills with SIGKILL) and the file never corrupts; only a power loss or OS crash
   * may roll back the last commits. FULL also survives those, at about a third of the upload rate.
   */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** SQLite only: where the checkpoint thread reports a failed checkpoint and its own death; none when unset. */
  logger?: Logger;
};

/** The SQLite file inside DATA_DIR. */
export const SQLITE_FILE = 'edgecraft.sqlite';

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise SQLite in `dataDir` (created if missing)
 * with WAL, foreign keys, a busy timeout and secure delete.
 */
export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = resilientPgPool(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.postgresTimeouts,
      options.onConnectionError ?? (() => {}),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      checkpoints: null,
      async close() {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, SQLITE_FILE);
  const sqlite = new SQLite(file);
  // Larger pages store 1 MB resumes in far fewer overflow pages; only applies to a new file.
  sqlite.pragma('page_size = 16384');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows and freed pages are overwritten with zeros: an erased person's bytes leave the file.
  sqlite.pragma('secure_delete = ON');
  const checkpoints = startCheckpointThread(sqlite, file, options.logger ?? silentLogger);
  const db = new Kysely<Database>({ dialect: new KeepCauseSqliteDialect(sqlite) });
  let closed = false;
  return {
    db,
    kind: 'sqlite',
    checkpoints,
    async close() {
      if (closed) return;
      closed = true;
      await checkpoints.stop();
      // The last connection to close checkpoints what is left and removes the log.
      await db.destroy();
    },
  };
}

/** True when `error` is a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
