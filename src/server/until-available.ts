import { setTimeout as sleep } from 'node:timers/promises';
import { dbFault } from './db';

/** Between attempts while the database is unreachable: 0.5 s, doubling up to 15 s. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15_000;

/**
 * Runs `task` until it does not fail for want of the database: retried with a backoff while it
 * fails with an `unavailable` fault (each reported to `onRetry`), rejected on any other error.
 * Resolves false when `signal` aborts first (the server is stopping).
 */
export async function untilAvailable(
  task: () => Promise<void>,
  onRetry: (error: unknown, delayMs: number) => void,
  signal: AbortSignal,
): Promise<boolean> {
  for (let delayMs = FIRST_DELAY_MS; ; delayMs = Math.min(delayMs * 2, MAX_DELAY_MS)) {
    try {
      await task();
      return true;
    } catch (error) {
      if (dbFault(error) !== 'unavailable') throw error;
      onRetry(error, delayMs);
    }
    try {
      await sleep(delayMs, undefined, { signal });
    } catch {
      return false;
    }
  }
}
