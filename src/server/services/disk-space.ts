import { statfs } from 'node:fs/promises';

export type DiskState = { freeBytes: number; low: boolean };

/** statfs is cheap but not free; a burst of uploads reads one answer per second. */
const CACHE_MS = 1000;

/**
 * Free space on the volume holding `dataDir` (null = not checked, e.g. on PostgreSQL), compared
 * with `minFreeBytes`. Applications are refused while it is low, instead of the database failing
 * mid-write when the disk fills.
 */
export function diskSpaceGuard(dataDir: string | null, minFreeBytes: number, clock: () => number = Date.now) {
  let cached: { at: number; state: Promise<DiskState | null> } | null = null;

  async function measure(): Promise<DiskState | null> {
    if (dataDir === null) return null;
    try {
      const stats = await statfs(dataDir);
      const freeBytes = Number(stats.bavail) * Number(stats.bsize);
      return { freeBytes, low: freeBytes < minFreeBytes };
    } catch {
      // An unreadable volume is not a reason to refuse applicants; the write itself will tell.
      return null;
    }
  }

  return {
    /** The volume's state, or null when not checked. */
    state(): Promise<DiskState | null> {
      const now = clock();
      if (!cached || now - cached.at >= CACHE_MS) cached = { at: now, state: measure() };
      return cached.state;
    },
  };
}
