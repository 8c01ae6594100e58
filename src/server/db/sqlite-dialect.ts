import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';

/** Distinct SQL texts kept prepared; the app's queries are a few hundred, an `in (…)` list of each length adds one. */
const PREPARED_STATEMENTS_MAX = 1_000;

/**
 * `sqlite` as Kysely sees it, with each SQL text prepared once: Kysely prepares on every query, which
 * was a tenth of the server's CPU under load (docs/BENCHMARKS.md, bench:api). The least recently used
 * statement is dropped past PREPARED_STATEMENTS_MAX. Kysely holds the one connection while a query streams,
 * so a kept statement is never asked for while it still iterates.
 */
function preparedOnce(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = statements.get(sql) ?? sqlite.prepare(sql);
      statements.delete(sql);
      statements.set(sql, statement);
      if (statements.size > PREPARED_STATEMENTS_MAX) statements.delete(statements.keys().next().value ?? '');
      return statement;
    },
  };
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL among them); Kysely's
 * ROLLBACK then fails with "no transaction is active" and is thrown instead of the error that
 * mattered. This driver rolls back only a transaction still open, so the first error is the one
 * the caller sees. Its transactions take the write lock at BEGIN (IMMEDIATE), waiting for it under
 * the busy timeout: a deferred one that read first could not write once another connection (the
 * checkpoint thread truncating the log, the admin CLI) had changed the log since (SQLITE_BUSY_SNAPSHOT).
 */
class RollbackOnlyOpenDriver extends SqliteDriver {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: preparedOnce(sqlite) });
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect on `sqlite`, keeping the cause of a failed transaction (above). */
export class KeepCauseSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new RollbackOnlyOpenDriver(this.sqlite);
  }
}
