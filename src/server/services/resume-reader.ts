import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResumeTask, ResumeTaskResult, ResumeWorkerReady } from './resume-worker';
import { Semaphore } from './semaphore';

/**
 * How long one file may take once the reader has loaded. A 5 MB PDF of 60 text pages reads in about a second on one core
 * (docs/BENCHMARKS.md); beyond this budget a file is taken as hostile and its reader killed.
 */
const RESUME_READ_BUDGET_MS = 15_000;

/** The reader's V8 heap: enough for pdf.js on the largest accepted PDF. */
const READER_HEAP_MB = 192;
/**
 * The reader's whole address space (`ulimit -v`), for what the heap limit does not cover (buffers,
 * native code): Node with pdf.js loaded maps about 1.1 GB before reading anything (docs/BENCHMARKS.md).
 */
const READER_ADDRESS_SPACE_MB = 1536;
/** What tsx's loader adds to the heap from the sources: on Node 22 it holds pdf.js's code there too. */
const TSX_HEAP_MB = 256;
/** One malloc arena: glibc reserves 64 MB of address space for each further one, which the cap would count. */
const READER_ENV = { MALLOC_ARENA_MAX: '1' };

/** Why a file gave no result: it timed out, ran out of memory, or the library refused it. */
export class ResumeReadError extends Error {}

/** How long the reader may take to load its libraries (pdf.js, mammoth) before the budget starts: a loaded machine is slow to start one. */
const START_BUDGET_MS = 60_000;

/**
 * How the reader starts: compiled, resume-worker.mjs beside the server, under the address-space cap;
 * from the sources (tests, the CLI), the .ts through tsx, uncapped: tsx's loader alone reserves tens of GB.
 */
function readerCommand(): { args: string[]; capped: boolean } {
  const heap = (mb: number) => [`--max-old-space-size=${mb}`, '--max-semi-space-size=8'];
  if (!import.meta.url.endsWith('.ts'))
    return {
      args: [...heap(READER_HEAP_MB), fileURLToPath(new URL('./resume-worker.mjs', import.meta.url))],
      capped: true,
    };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    args: [
      ...heap(READER_HEAP_MB + TSX_HEAP_MB),
      ...['--import', tsx, fileURLToPath(new URL('./resume-worker.ts', import.meta.url))],
    ],
    capped: false,
  };
}

function startReader(): ChildProcess {
  const { args, capped } = readerCommand();
  // sh sets the cap (where the system has one) and then becomes node, so the pid held here is the reader's.
  const script = capped ? 'ulimit -v "$0" 2>/dev/null; exec "$@"' : 'exec "$@"';
  return spawn('/bin/sh', ['-c', script, String(READER_ADDRESS_SPACE_MB * 1024), process.execPath, ...args], {
    // No other environment: the server's secrets stay out of reach of a file that takes over the reader.
    env: READER_ENV,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
}

type ReaderMessage = ResumeWorkerReady | ResumeTaskResult;

/** The reader's next message; rejects with ResumeReadError when it fails, stops or stays silent for `budgetMs`. */
function nextMessage(child: ChildProcess, budgetMs: number, silence: string): Promise<ReaderMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(new ResumeReadError(silence))), budgetMs);
    const onMessage = (message: ReaderMessage) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(new ResumeReadError(error.message)));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      settle(() => reject(new ResumeReadError(`the reader stopped (${signal ?? `exit ${code}`})`)));
    function settle(outcome: () => void) {
      clearTimeout(timer);
      child.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    }
    child.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/**
 * One reader process taking one task at a time; it lives while tasks are queued (a burst pays its
 * start once, an idle server holds none) and is killed when a file fails it or exceeds its budget.
 */
class ReaderLane {
  private child: ChildProcess | null = null;
  private readonly queue = new Semaphore(1);
  private queued = 0;

  async read(task: ResumeTask, budgetMs: number, onStart?: () => Promise<void>): Promise<string> {
    this.queued++;
    try {
      return await this.queue.run(() => this.run(task, budgetMs, onStart));
    } finally {
      this.queued--;
      if (this.queued === 0) this.end();
    }
  }

  end() {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  private async loaded(): Promise<ChildProcess> {
    if (this.child) return this.child;
    const child = startReader();
    // A reader waiting for work never keeps a stopping server alive.
    child.unref();
    child.channel?.unref();
    try {
      await nextMessage(child, START_BUDGET_MS, `the reader did not start within ${START_BUDGET_MS} ms`);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return (this.child = child);
  }

  private async run(task: ResumeTask, budgetMs: number, onStart?: () => Promise<void>): Promise<string> {
    const child = await this.loaded();
    await onStart?.();
    child.send(task);
    const result = await nextMessage(child, budgetMs, `no result within ${budgetMs} ms`).catch((error: unknown) => {
      this.end();
      throw error;
    });
    if (result === 'ready' || !result.ok) {
      // A file the libraries refused may have left them in any state: the next file gets a fresh reader.
      this.end();
      throw new ResumeReadError(result === 'ready' ? 'the reader restarted' : result.error);
    }
    return result.value;
  }
}

/**
 * Two readers at most, each one file at a time (the machine keeps a core for requests): background
 * text reads queue on one, the team's previews on the other, so a slow file never holds a preview.
 */
const lanes = { text: new ReaderLane(), html: new ReaderLane() };
// Readers end with the server (a crash of the server also ends them: they exit when their channel closes).
process.on('exit', () => Object.values(lanes).forEach((lane) => lane.end()));

/**
 * Runs one task (a PDF's or DOCX's text, a DOCX as preview HTML) in a reader process, which is
 * killed when a file fails it, exceeds its memory or `budgetMs`. `onStart` runs once the file is
 * next, right before it is read. Rejects with ResumeReadError (or what `onStart` throws).
 */
export function readResume(
  task: ResumeTask,
  options: { budgetMs?: number; onStart?: () => Promise<void> } = {},
): Promise<string> {
  return lanes[task.task].read(task, options.budgetMs ?? RESUME_READ_BUDGET_MS, options.onStart);
}
