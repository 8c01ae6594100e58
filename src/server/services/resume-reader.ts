import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ResumeTask, ResumeTaskResult, ResumeWorkerReady } from './resume-worker';
import { Semaphore } from './semaphore';

/**
 * How long one file may take once the thread has loaded. A 5 MB PDF of 60 text pages reads in about a second on one core
 * (docs/BENCHMARKS.md); beyond this budget a file is taken as hostile and its thread ended.
 */
const RESUME_READ_BUDGET_MS = 15_000;

/**
 * The thread's heap: enough for pdf.js on the largest accepted PDF, small enough that a file
 * built to blow up (a zip bomb inside a DOCX, a PDF with endless objects) ends its thread with
 * ERR_WORKER_OUT_OF_MEMORY instead of growing the server.
 */
const RESUME_READER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
};

/** Why a file gave no result: it timed out, ran out of memory, or the library refused it. */
export class ResumeReadError extends Error {}

/** How long the thread may take to load its libraries (pdf.js, mammoth) before the budget starts: a loaded machine is slow to start one. */
const START_BUDGET_MS = 60_000;

/** The compiled server runs resume-worker.mjs beside it; the sources (tests, the CLI) load the .ts through tsx. */
function startWorker(): Worker {
  const options = { resourceLimits: RESUME_READER_LIMITS };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./resume-worker.mjs', import.meta.url), options);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./resume-worker.ts', import.meta.url));
  // A worker thread does not inherit the parent's TypeScript loader (Node 20).
  const load = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`;
  return new Worker(load, { ...options, eval: true });
}

type ReaderMessage = ResumeWorkerReady | ResumeTaskResult;

/** The thread's next message; rejects with ResumeReadError when it fails, stops or stays silent for `budgetMs`. */
function nextMessage(worker: Worker, budgetMs: number, silence: string): Promise<ReaderMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(new ResumeReadError(silence))), budgetMs);
    const onMessage = (message: ReaderMessage) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(new ResumeReadError(error.message)));
    const onExit = (code: number) => settle(() => reject(new ResumeReadError(`the reader stopped (exit ${code})`)));
    function settle(outcome: () => void) {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** The loaded reader thread, while tasks are queued for it. */
let thread: Worker | null = null;

function endThread() {
  void thread?.terminate();
  thread = null;
}

async function loadedThread(): Promise<Worker> {
  if (thread) return thread;
  const worker = startWorker();
  // A thread waiting for work never keeps a stopping server alive.
  worker.unref();
  try {
    await nextMessage(worker, START_BUDGET_MS, `the reader did not start within ${START_BUDGET_MS} ms`);
  } catch (error) {
    void worker.terminate();
    throw error;
  }
  return (thread = worker);
}

async function runTask(task: ResumeTask, budgetMs: number): Promise<string> {
  const worker = await loadedThread();
  worker.postMessage(task);
  const result = await nextMessage(worker, budgetMs, `no result within ${budgetMs} ms`).catch((error: unknown) => {
    endThread();
    throw error;
  });
  if (result === 'ready' || !result.ok) {
    // A file the libraries refused may have left them in any state: the next file gets a fresh thread.
    endThread();
    throw new ResumeReadError(result === 'ready' ? 'the reader restarted' : result.error);
  }
  return result.value;
}

/**
 * One task at a time on one thread: the machine keeps its other core for requests, and a burst of
 * applications queues here (their text follows shortly after) instead of running many 192 MB threads.
 */
const queue = new Semaphore(1);
let queued = 0;

/**
 * Runs one task (a PDF's or DOCX's text, a DOCX as preview HTML) on the reader thread, which is
 * ended when a file fails it, exceeds its memory or `budgetMs`. Rejects with ResumeReadError.
 * The thread lives while tasks are queued: a burst pays its start once, an idle server holds none.
 */
export async function readResume(task: ResumeTask, budgetMs = RESUME_READ_BUDGET_MS): Promise<string> {
  queued++;
  try {
    return await queue.run(() => runTask(task, budgetMs));
  } finally {
    queued--;
    if (queued === 0) endThread();
  }
}
