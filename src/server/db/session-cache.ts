import { closeSync, openSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Who a token belongs to now, and whether a logout ended it. */
export type SessionAdmin = { id: number; email: string; tokenVersion: number; revoked: boolean };

/** Written by every process that ends a session, watched by every process on the same DATA_DIR. */
export const SESSIONS_MARKER_FILE = 'sessions-changed';
/** Tokens remembered per database; a handful of admins sign in at a time. */
const SESSIONS_KEPT = 1000;

/**
 * What the session query answered for each token, until a write that can end a session (logout,
 * password change or reset, admin deleted). That write clears its own process's memory at once,
 * then writes the marker file in DATA_DIR. Every process on the same DATA_DIR watches the file
 * (inotify): Linux queues the notice before the write returns, so before the writer can answer
 * or exit, and the event loop handles ready events in the order they came, so the notice is handled
 * before any request sent afterwards. A session thus still ends at the very next request.
 * Nothing is remembered where that order is not given: on other systems, when the file cannot be
 * watched or was removed, and on PostgreSQL (no SessionCache), whose instances may share no disk.
 * A change made by hand (an SQLite shell) is announced the same way: `touch` the file.
 */
class SessionCache {
  private readonly sessions = new Map<string, { adminId: number; admin: SessionAdmin | null }>();
  private watcher: FSWatcher | null = null;
  /** The watch starts at the first lookup; 'off' once it failed or stopped: nothing is remembered then. */
  private state: 'new' | 'watching' | 'off' = 'new';

  constructor(private readonly marker: string) {}

  /** The remembered answer for this token of admin `adminId`, or undefined: read the database. */
  get(tokenHash: string, adminId: number): SessionAdmin | null | undefined {
    if (this.state === 'new') this.start();
    const known = this.sessions.get(tokenHash);
    return known && known.adminId === adminId ? known.admin : undefined;
  }

  remember(tokenHash: string, adminId: number, admin: SessionAdmin | null): void {
    if (this.state !== 'watching') return;
    if (this.sessions.size >= SESSIONS_KEPT) this.sessions.delete(this.sessions.keys().next().value as string);
    this.sessions.set(tokenHash, { adminId, admin });
  }

  /** After a committed write that may end sessions: forget here, then tell the other processes. */
  changed(): void {
    this.sessions.clear();
    writeFileSync(this.marker, new Date().toISOString());
  }

  stop(): void {
    this.state = 'off';
    this.watcher?.close();
    this.watcher = null;
    this.sessions.clear();
  }

  private start(): void {
    if (process.platform !== 'linux') return this.stop();
    try {
      closeSync(openSync(this.marker, 'a'));
      // Not persistent: a CLI run or a test must still end when its work is done.
      this.watcher = watch(this.marker, { persistent: false }, (event) => {
        this.sessions.clear();
        // Renamed or removed: this watch no longer sees the file the writers write.
        if (event === 'rename') this.stop();
      });
      this.watcher.on('error', () => this.stop());
      this.state = 'watching';
    } catch {
      this.stop();
    }
  }
}

const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();

/** Gives a SQLite database in `dataDir` its SessionCache; returns what stops its watch. */
export function attachSessionCache(db: Kysely<Database>, dataDir: string): () => void {
  const cache = new SessionCache(path.join(dataDir, SESSIONS_MARKER_FILE));
  sessionCaches.set(db, cache);
  return () => cache.stop();
}

export function sessionCacheOf(db: Kysely<Database>): SessionCache | undefined {
  return sessionCaches.get(db);
}

/** Call after every committed write that can end a session; a no-op on PostgreSQL. */
export function sessionsChanged(db: Kysely<Database>): void {
  sessionCaches.get(db)?.changed();
}
