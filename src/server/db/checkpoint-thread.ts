import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import type { Logger } from '../logger';
import type { CheckpointFailure, CheckpointWorkerData } from './checkpoint-worker';

/** How often the thread folds the write-ahead log back into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;
/** SQLite's default `wal_autocheckpoint` (pages), which the connection takes back when the thread dies. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

export type CheckpointThread = {
  /** True once the thread died: the connection checkpoints on its own again (health reports it). */
  readonly stopped: boolean;
  /** The thread itself; ending it any other way than `stop()` counts as its death. */
  readonly worker: Worker;
  /** Ends the thread once its connection is closed. */
  stop(): Promise<void>;
};

/** The compiled server runs checkpoint-worker.mjs beside it; the sources (tests, the CLI) load the .ts through tsx. */
function startWorker(workerData: CheckpointWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), { workerData });
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./checkpoint-worker.ts', import.meta.url));
  // A worker thread does not inherit the parent's TypeScript loader (Node 20).
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`;
  return new Worker(load, { eval: true, workerData });
}

/**
 * Runs SQLite's WAL checkpoints on a thread of their own and turns the connection's own
 * (`wal_autocheckpoint`) off. SQLite's default lets the commit that grows the log past 1000 pages
 * copy it into the database file and sync both, on the event loop: with 1 MB resumes arriving that
 * was a 30 ms stall every 16 applications, while the insert itself takes about 1 ms. Should the
 * thread die, the connection checkpoints itself again, so the log never grows without bound.
 */
export function startCheckpointThread(connection: SQLite.Database, file: string, logger: Logger): CheckpointThread {
  connection.pragma('wal_autocheckpoint = 0');
  const worker = startWorker({ file, intervalMs: CHECKPOINT_INTERVAL_MS });
  worker.unref();
  let stopping = false;
  let stopped = false;
  let cause: Error | undefined;
  worker.on('message', ({ failed }: CheckpointFailure) => logger.warn({ message: failed }, 'sqlite checkpoint failed'));
  worker.on('error', (error) => {
    cause = error;
  });
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', (exitCode) => {
      if (!stopping) {
        stopped = true;
        if (connection.open) connection.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
        logger.error(
          { exitCode, err: cause },
          'sqlite checkpoint thread stopped; the connection checkpoints on the event loop again',
        );
      }
      resolve();
    });
  });
  return {
    get stopped() {
      return stopped;
    },
    worker,
    async stop() {
      stopping = true;
      // Unreferenced, the thread would let a process with nothing else to do exit before it closed.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
