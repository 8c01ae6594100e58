import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * The thread's whole program, inline so the sources and the build run the same file. It owns the
 * writing connection and answers one statement at a time, in order; SQLite's errors travel as
 * their message and code (a cloned Error keeps only its message).
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const failure = (error) => ({ error: { message: String(error && error.message), code: error && error.code } });
let db;
try {
  db = new SQLite(workerData.file);
  for (const pragma of workerData.pragmas) db.pragma(pragma);
  parentPort.postMessage({ rows: [] });
} catch (error) {
  parentPort.postMessage(failure(error));
}
parentPort.on('message', (message) => {
  if (message === 'close') {
    db && db.open && db.close();
    parentPort.close();
    return;
  }
  // A resume's bytes go back with the answer, so the request's thread frees them at its next
  // collection instead of this thread holding them until its own.
  const buffers = message.parameters.filter((value) => value instanceof Uint8Array).map((value) => value.buffer);
  try {
    const statement = db.prepare(message.sql);
    if (statement.reader) {
      parentPort.postMessage({ rows: statement.all(message.parameters) }, buffers);
    } else {
      const result = statement.run(message.parameters);
      parentPort.postMessage({ rows: [], insertId: result.lastInsertRowid, changes: result.changes }, buffers);
    }
  } catch (error) {
    parentPort.postMessage(failure(error), buffers);
  }
});
`;

type Reply = {
  rows?: unknown[];
  insertId?: number | bigint;
  changes?: number | bigint;
  error?: { message: string; code?: string };
};

/** An error from the thread, with SQLite's code (`SQLITE_CONSTRAINT_UNIQUE`…) as better-sqlite3 gives it. */
class SqliteThreadError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'SqliteError';
    this.code = code;
  }
}

type Pending = { resolve(reply: Reply): void; reject(error: Error): void };

/**
 * The thread and its queue: statements are posted in order and answered in order, so several can
 * be in flight. The thread keeps the process alive only while a statement waits for its answer.
 */
class SqliteThread {
  readonly #pending: Pending[] = [];
  #ended: Error | null = null;

  constructor(readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: Reply) => {
      this.#pending.shift()?.resolve(reply);
      if (this.#pending.length === 0) worker.unref();
    });
    worker.on('error', (error) => this.#end(error));
    worker.on('exit', () => this.#end(new Error('the SQLite database is closed')));
  }

  #end(error: Error) {
    this.#ended ??= error;
    for (const pending of this.#pending.splice(0)) pending.reject(error);
  }

  /** Runs one statement on the thread; rejects with SQLite's error and code. */
  async run(sql: string, parameters: readonly unknown[]): Promise<Reply> {
    if (this.#ended) throw this.#ended;
    const reply = new Promise<Reply>((resolve, reject) => this.#pending.push({ resolve, reject }));
    this.worker.ref();
    this.worker.postMessage({ sql, parameters });
    const answer = await reply;
    if (answer.error) throw new SqliteThreadError(answer.error.message, answer.error.code);
    return answer;
  }

  /** Closes the file (the last connection folds the log in) once the statements before have run, and ends the thread. */
  async close(): Promise<void> {
    if (this.#ended) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }
}

/**
 * What Kysely calls a connection: one caller's view of the thread. Statements outside a
 * transaction go out at once, several callers' side by side; while a transaction is open only its
 * own statements do, so no other caller's read or write lands inside it.
 */
class SqliteThreadSession implements DatabaseConnection {
  constructor(private readonly driver: SqliteThreadDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reply = await this.driver.run(this, query);
    const rows = (reply.rows ?? []) as R[];
    if (reply.changes === undefined) return { rows };
    return { rows, insertId: BigInt(reply.insertId ?? 0), numAffectedRows: BigInt(reply.changes) };
  }

  // eslint-disable-next-line require-yield -- the interface asks for a generator; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the SQLite thread');
  }
}

type OpenTransaction = { session: SqliteThreadSession; ended: Promise<void>; end(): void };

class SqliteThreadDriver implements Driver {
  #thread: SqliteThread | null = null;
  #reader: SQLite.Database | null = null;
  #transaction: OpenTransaction | null = null;

  constructor(private readonly options: SqliteThreadOptions) {}

  async init(): Promise<void> {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { driver, file: this.options.file, pragmas: this.options.pragmas },
    });
    // The thread's first answer says whether the file opened.
    const first = await new Promise<Reply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (first.error) {
      await worker.terminate();
      throw new SqliteThreadError(first.error.message, first.error.code);
    }
    this.#thread = new SqliteThread(worker);
    this.#reader = new SQLite(this.options.file, { fileMustExist: true });
    this.#reader.pragma('busy_timeout = 5000');
    this.#reader.pragma('query_only = true');
  }

  /**
   * Posts a statement once no other session's transaction is open. Nothing is awaited between the
   * check and the post, so no statement can slip in between.
   */
  async #send(session: SqliteThreadSession | null, sql: string, parameters: readonly unknown[]): Promise<Reply> {
    while (this.#transaction && this.#transaction.session !== session) await this.#transaction.ended;
    if (!this.#thread) throw new Error('the SQLite database is closed');
    return this.#thread.run(sql, parameters);
  }

  async run(session: SqliteThreadSession, query: CompiledQuery): Promise<Reply> {
    if (this.#transaction?.session !== session) {
      if (!this.#reader) throw new Error('the SQLite database is closed');
      // A read outside a transaction runs here on a connection of its own: it takes well under a
      // millisecond, sees only committed data and never waits for the writing thread.
      const statement = this.#reader.prepare(query.sql);
      if (statement.readonly && statement.reader) return { rows: statement.all(query.parameters) };
    }
    return this.#send(session, query.sql, query.parameters);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteThreadSession(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    while (this.#transaction) await this.#transaction.ended;
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const session = connection as SqliteThreadSession;
    this.#transaction = { session, ended, end };
    try {
      await this.#send(session, 'begin', []);
    } catch (error) {
      this.#endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#finish(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#finish(connection, 'rollback');
  }

  async #finish(connection: DatabaseConnection, statement: 'commit' | 'rollback') {
    try {
      await this.run(connection as SqliteThreadSession, CompiledQuery.raw(statement));
    } finally {
      this.#endTransaction();
    }
  }

  #endTransaction() {
    const transaction = this.#transaction;
    this.#transaction = null;
    transaction?.end();
  }

  async releaseConnection(): Promise<void> {}

  /** Lets an open transaction end, then closes the file and ends the thread. */
  async destroy(): Promise<void> {
    while (this.#transaction) await this.#transaction.ended;
    const thread = this.#thread;
    this.#thread = null;
    this.#reader?.close();
    this.#reader = null;
    await thread?.close();
  }
}

export type SqliteThreadOptions = {
  file: string;
  /** Run in order when the file opens, e.g. `journal_mode = WAL`. */
  pragmas: readonly string[];
};

/**
 * Kysely's SQLite dialect with every write and transaction on a thread of its own, and reads
 * outside a transaction on a read-only connection of the caller's thread. better-sqlite3 is
 * synchronous: on the event loop a 1 MB resume's commit (and the WAL checkpoint it may trigger)
 * held every other request for 10–40 ms, even under light load.
 */
export class SqliteThreadDialect implements Dialect {
  constructor(private readonly options: SqliteThreadOptions) {}

  createDriver(): Driver {
    return new SqliteThreadDriver(this.options);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
