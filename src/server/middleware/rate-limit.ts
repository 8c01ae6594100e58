import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { RateLimitRule, Services } from '../config';
import type { Database } from '../db';

export type RateDecision = {
  /** True while the hits in the window are within the rule's `max`. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  retryAfterSeconds: number;
};

type Window = { count: number; resetAt: number };

/** Where fixed-window counters live: in this process (SQLite) or in PostgreSQL (shared by instances). */
export interface CounterStore {
  /** Counts one hit for `key` and returns its window afterwards. */
  hit(key: string, windowMs: number, now: number): Promise<Window>;
  /** The live window of `key`, without counting. */
  peek(key: string, now: number): Promise<Window | null>;
  reset(key: string): Promise<void>;
}

/** Counters in a Map; expired windows are dropped at most once a minute so the map stays bounded. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, Window>();
  private lastPrune = 0;

  async hit(key: string, windowMs: number, now: number): Promise<Window> {
    this.prune(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  async peek(key: string, now: number): Promise<Window | null> {
    const window = this.windows.get(key);
    return window && window.resetAt > now ? { ...window } : null;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private prune(now: number) {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * Counters in PostgreSQL's `rate_limits` table, so every instance behind a load balancer counts
 * the same attempts: one upsert per hit, and a window past its end restarts on the next hit.
 * Keys are stored hashed: the table holds no e-mail or client address.
 */
class PostgresCounterStore implements CounterStore {
  private lastPrune = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowMs: number, now: number): Promise<Window> {
    const id = hashKey(key);
    const { rows } = await sql<{ count: number; reset_at: string }>`
      insert into rate_limits (key, count, reset_at) values (${id}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`.execute(this.db);
    void this.prune(now);
    const row = rows[0];
    if (!row) throw new Error('rate_limits upsert returned no row');
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async peek(key: string, now: number): Promise<Window | null> {
    const { rows } = await sql<{ count: number; reset_at: string }>`
      select count, reset_at from rate_limits where key = ${hashKey(key)} and reset_at > ${now}`.execute(this.db);
    const row = rows[0];
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
  }

  async reset(key: string): Promise<void> {
    await sql`delete from rate_limits where key = ${hashKey(key)}`.execute(this.db);
  }

  /** Expired rows are only clutter (the upsert restarts them); each instance sweeps once a minute. */
  private async prune(now: number) {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await sql`delete from rate_limits where reset_at <= ${now}`.execute(this.db).catch(() => undefined);
  }
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A fixed-window limit: `max` hits per `windowMs` per key, under a name that keeps its keys apart. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly rule: RateLimitRule,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one hit (before the work it guards, so parallel requests cannot overtake it). */
  async hit(key: string): Promise<RateDecision> {
    const now = this.clock();
    const window = await this.store.hit(`${this.name}:${key}`, this.rule.windowMs, now);
    return {
      allowed: window.count <= this.rule.max,
      count: window.count,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Hits counted in the current window, without counting one. */
  async count(key: string): Promise<number> {
    return (await this.store.peek(`${this.name}:${key}`, this.clock()))?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(`${this.name}:${key}`);
  }
}

/**
 * A limiter for a feature: counted in PostgreSQL when the API runs on it (instances share the
 * count), in memory on SQLite (one process owns the database anyway).
 */
export function rateLimiter(services: Services, name: string, rule: RateLimitRule): RateLimiter {
  const store = services.dbKind === 'postgres' ? new PostgresCounterStore(services.db) : new MemoryCounterStore();
  return new RateLimiter(store, name, rule, () => services.now().getTime());
}

/** Sets Retry-After from a refused decision. */
export function retryAfter(c: { header(name: string, value: string): void }, decision: RateDecision): void {
  c.header('Retry-After', String(decision.retryAfterSeconds));
}
