/** The limiter wrapper over rate-limiter-flexible: counts, Retry-After and the window reopening. */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '~/server/middleware/rate-limit';

describe('RateLimiter', () => {
  afterEach(() => vi.useRealTimers());

  it('allows max hits per window, reports Retry-After, and opens again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const limiter = new RateLimiter(new RateLimiterMemory({ keyPrefix: 'test', points: 2, duration: 10 }), 2);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    const blocked = await limiter.hit('k');
    expect(blocked).toEqual({ allowed: false, count: 3, retryAfterSeconds: 10 });
    expect((await limiter.hit('other')).allowed).toBe(true);
    vi.setSystemTime(10_000);
    expect((await limiter.hit('k')).allowed).toBe(true);
  });
});
