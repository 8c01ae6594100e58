/**
 * The checkpoint thread's program, started by checkpoint-thread.ts (compiled beside the server as
 * checkpoint-worker.mjs). Its own connection runs a PASSIVE checkpoint every interval, which waits
 * for no reader or writer; a failed one is reported to the main thread. Any message stops it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

export type CheckpointWorkerData = { file: string; intervalMs: number };
/** What the thread posts: a checkpoint that failed, and why. */
export type CheckpointFailure = { failed: string };

const port = parentPort;
if (!port) throw new Error('checkpoint-worker runs as a worker thread only');
const { file, intervalMs } = workerData as CheckpointWorkerData;
const db = new SQLite(file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    const failure: CheckpointFailure = { failed: error instanceof Error ? error.message : String(error) };
    port.postMessage(failure);
  }
}, intervalMs);
port.once('message', () => {
  clearInterval(timer);
  db.close();
  port.close();
});
