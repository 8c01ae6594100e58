import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

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
    super({ database: sqlite });
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
