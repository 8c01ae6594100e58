/**
 * The checkpoint thread's program, started by checkpoint-thread.ts (compiled beside the server as
 * checkpoint-worker.mjs). Its own connection runs a PASSIVE checkpoint every interval, which waits
 * for no reader or writer; once that has copied the whole log, a TRUNCATE that does not wait either
 * empties the log file, so no page image (an erased row, a mail body since removed) stays in it.
 * A failed checkpoint is reported to the main thread. Any message stops it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

export type CheckpointWorkerData = { file: string; intervalMs: number };
/** What the thread posts: a checkpoint that failed, and why. */
export type CheckpointFailure = { failed: string };

const port = parentPort;
if (!port) throw new Error('checkpoint-worker runs as a worker thread only');
const { file, intervalMs } = workerData as CheckpointWorkerData;
type CheckpointResult = { busy: number; log: number; checkpointed: number };

// No busy wait: a checkpoint that would have to wait is simply tried again next interval.
const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
const timer = setInterval(() => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
    if (passive && passive.busy === 0 && passive.log > 0 && passive.checkpointed === passive.log)
      db.pragma('wal_checkpoint(TRUNCATE)');
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
