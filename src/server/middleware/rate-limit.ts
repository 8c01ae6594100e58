import type { RateLimitRule } from '../config';

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in memory, per key. Per instance: behind a load balancer each instance
 * counts on its own (documented in the README); good enough to stop brute force and floods.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Would one more hit be allowed? Does not count. */
  check(key: string): RateDecision {
    const now = this.clock();
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now || bucket.count < this.rule.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
  }

  /** Counts one hit and tells whether it was within the limit. */
  hit(key: string): RateDecision {
    const now = this.clock();
    this.prune(now);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + this.rule.windowMs };
      this.buckets.set(key, bucket);
    }
    if (bucket.count >= this.rule.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
    }
    bucket.count += 1;
    return { allowed: true };
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private lastPrune = 0;
  /** Drops expired buckets at most once per window so the map cannot grow without bound. */
  private prune(now: number) {
    if (now - this.lastPrune < Math.min(this.rule.windowMs, 60_000)) return;
    this.lastPrune = now;
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
