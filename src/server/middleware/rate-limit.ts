import { createHmac } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitRule, Runtime } from '../config';
import type { Database } from '../db';

export type RateDecision = {
  /** True while the hits in the window are within the rule's `max`. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  retryAfterSeconds: number;
};

/**
 * A fixed-window limit (rate-limiter-flexible): `rule.max` hits per `rule.windowMs` per key. Keys
 * are stored as an HMAC under the server's secret, so a PostgreSQL table of counters holds no
 * e-mail or client address, and nobody without the secret can find one by trying every address.
 */
export class RateLimiter {
  private readonly hashKey: (key: string) => string;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly max: number,
    secret: string,
  ) {
    this.hashKey = (key) => createHmac('sha256', secret).update(`rate-limit\n${key}`).digest('base64url');
  }

  /** Counts one hit (before the work it guards, so parallel requests cannot overtake it). */
  async hit(key: string): Promise<RateDecision> {
    let window: RateLimiterRes;
    try {
      window = await this.limiter.consume(this.hashKey(key));
    } catch (refused) {
      // The library rejects with the window itself once the hit is over the limit.
      if (!(refused instanceof RateLimiterRes)) throw refused;
      window = refused;
    }
    return {
      allowed: window.consumedPoints <= this.max,
      count: window.consumedPoints,
      retryAfterSeconds: Math.max(1, Math.ceil(window.msBeforeNext / 1000)),
    };
  }

  /** Hits counted in the current window, without counting one. */
  async count(key: string): Promise<number> {
    return (await this.limiter.get(this.hashKey(key)))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(this.hashKey(key));
  }
}

/** rate-limiter-flexible's PostgreSQL client interface, over Kysely's pool (and its outage handling). */
const kyselyClient = (db: Kysely<Database>) => ({
  async query({ text, values }: { text: string; values: readonly unknown[] }) {
    const { rows, numAffectedRows } = await db.executeQuery(CompiledQuery.raw(text, [...values]));
    return { rows, rowCount: Number(numAffectedRows ?? rows.length) };
  },
});

/**
 * A limiter for a feature, its keys kept apart by `name`: counted in PostgreSQL's `rate_limits`
 * table when the API runs on it (instances share the count), in memory on SQLite (one process owns
 * the database anyway).
 */
export function rateLimiter(services: Runtime, name: string, rule: RateLimitRule): RateLimiter {
  const options = { keyPrefix: name, points: rule.max, duration: rule.windowMs / 1000 };
  const limiter =
    services.dbKind === 'postgres'
      ? new RateLimiterPostgres({
          ...options,
          storeClient: kyselyClient(services.db),
          storeType: 'client',
          tableName: 'rate_limits',
          tableCreated: true,
          // Every five minutes, delete the windows that ended over an hour ago: no key outlives its use for long.
          clearExpiredByTimeout: true,
        })
      : new RateLimiterMemory(options);
  return new RateLimiter(limiter, rule.max, services.config.jwtSecret);
}

/** Sets Retry-After from a refused decision. */
export function retryAfter(c: { header(name: string, value: string): void }, decision: RateDecision): void {
  c.header('Retry-After', String(decision.retryAfterSeconds));
}
