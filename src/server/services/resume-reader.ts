import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ResumeTask, ResumeTaskResult, ResumeWorkerReady } from './resume-worker';

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

/**
 * Runs one task (a PDF's or DOCX's text, a DOCX as preview HTML) on a thread of its own, which
 * ends when it answers, fails, exceeds its memory or `budgetMs`. Rejects with ResumeReadError.
 */
export function readResume(task: ResumeTask, budgetMs = RESUME_READ_BUDGET_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = startWorker();
    // A thread still reading never keeps a stopping server alive.
    worker.unref();
    let timer = setTimeout(() => fail(`the reader did not start within ${START_BUDGET_MS} ms`), START_BUDGET_MS);
    timer.unref();
    function fail(why: string) {
      clearTimeout(timer);
      void worker.terminate();
      reject(new ResumeReadError(why));
    }
    worker.on('message', (message: ResumeWorkerReady | ResumeTaskResult) => {
      clearTimeout(timer);
      if (message === 'ready') {
        timer = setTimeout(() => fail(`no result within ${budgetMs} ms`), budgetMs);
        timer.unref();
        worker.postMessage(task);
        return;
      }
      if (!message.ok) return fail(message.error);
      void worker.terminate();
      resolve(message.value);
    });
    worker.once('error', (error) => fail(error.message));
    worker.once('exit', (code) => fail(`the reader stopped (exit ${code})`));
  });
}
