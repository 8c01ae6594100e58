import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** Niceness of background threads: below the event loop, which answers requests. */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling worker thread's CPU priority, so that on a busy machine the kernel runs the
 * event loop first and background work (storing a resume, WAL checkpoints) waits instead. Never
 * the main thread (a worker's module imported there, as tests do, leaves it alone). Linux only,
 * where each thread has its own niceness and `/proc/thread-self` names it; elsewhere a no-op.
 */
export function runInBackground(): void {
  if (isMainThread) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (threadId) setPriority(threadId, BACKGROUND_NICENESS);
  } catch {
    // No /proc (not Linux) or not permitted: the thread keeps the default priority.
  }
}
