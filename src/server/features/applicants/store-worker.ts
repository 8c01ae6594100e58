/**
 * The store step on a worker thread, for SQLite: better-sqlite3 writes synchronously, and writing
 * a 5 MB resume holds the thread for tens of milliseconds, which on the main thread would stall
 * every other request. This thread keeps its own connection to the same file (WAL lets the main
 * connection keep reading meanwhile) and runs the very same insert.
 */
import { sql } from 'kysely';
import { insertApplicantWithResume, isUniqueViolation, openDatabase, type DbHandle } from '../../db';
import { applicationMails } from '../../mail/mails';
import type { CheckpointTask, StoreResult, StoreTask } from './store';

let handle: DbHandle | undefined;
const database = (sqlite: StoreTask['sqlite']) =>
  (handle ??= openDatabase({ dataDir: sqlite.dataDir, sqliteSynchronous: sqlite.synchronous, mustExist: true })).db;

/** Copies what the write-ahead log holds into the database file, without waiting for readers or writers. */
export async function checkpoint(task: CheckpointTask): Promise<void> {
  await sql`pragma wal_checkpoint(PASSIVE)`.execute(database(task.sqlite));
}

export default async function storeOnWorker(task: StoreTask): Promise<StoreResult> {
  const db = database(task.sqlite);
  // Structured cloning hands over a plain Uint8Array; better-sqlite3 binds Buffers.
  const bytes = task.application.resume.data;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const applicant = await insertApplicantWithResume(
      db,
      task.application.job,
      task.application.fields,
      { ...task.application.resume, data },
      new Date(task.now),
      task.consentVersion,
      (stored) => applicationMails(task.mail, stored),
    );
    return { applicant };
  } catch (error) {
    // Errors lose their `code` crossing threads: decide the unique violation here.
    if (isUniqueViolation(error)) return { applicant: null };
    throw error;
  }
}
