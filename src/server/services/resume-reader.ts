import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ResumeTask, ResumeTaskResult } from './resume-worker';

/**
 * How long one file may take. A 5 MB PDF of 60 text pages reads in about a second on one core
 * (docs/BENCHMARKS.md); beyond this budget a file is taken as hostile and its thread ended.
 */
export const RESUME_READ_BUDGET_MS = 15_000;

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

/** The compiled server runs resume-worker.mjs beside it; the sources (tests, the CLI) load the .ts through tsx. */
function startWorker(workerData: ResumeTask): Worker {
  const options = { workerData, resourceLimits: RESUME_READER_LIMITS };
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
    const worker = startWorker(task);
    // A thread still reading never keeps a stopping server alive.
    worker.unref();
    const fail = (why: string) => {
      clearTimeout(timer);
      void worker.terminate();
      reject(new ResumeReadError(why));
    };
    const timer = setTimeout(() => fail(`no result within ${budgetMs} ms`), budgetMs);
    timer.unref();
    worker.once('message', (result: ResumeTaskResult) => {
      if (!result.ok) return fail(result.error);
      clearTimeout(timer);
      void worker.terminate();
      resolve(result.value);
    });
    worker.once('error', (error) => fail(error.message));
    worker.once('exit', (code) => fail(`the reader stopped (exit ${code})`));
  });
}
