/** The limiter wrapper over rate-limiter-flexible: counts, Retry-After and the window reopening. */
import { createHash, createHmac } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter } from '~/server/middleware/rate-limit';

describe('RateLimiter', () => {
  const SECRET = 'a rate limit test secret of at least 32 characters';

  afterEach(() => vi.useRealTimers());

  it('allows max hits per window, reports Retry-After, and opens again after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const limiter = new RateLimiter(new RateLimiterMemory({ keyPrefix: 'test', points: 2, duration: 10 }), 2, SECRET);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(true);
    const blocked = await limiter.hit('k');
    expect(blocked).toEqual({ allowed: false, count: 3, retryAfterSeconds: 10 });
    expect((await limiter.hit('other')).allowed).toBe(true);
    vi.setSystemTime(10_000);
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('stores a key only as an HMAC under the server secret, never as its plain SHA-256', async () => {
    const store = new RateLimiterMemory({ keyPrefix: 'contact-ip', points: 5, duration: 60 });
    await new RateLimiter(store, 5, SECRET).hit('203.0.113.7');
    const keyed = createHmac('sha256', SECRET).update('rate-limit\n203.0.113.7').digest('base64url');
    const unkeyed = createHash('sha256').update('203.0.113.7').digest('base64url');
    expect((await store.get(keyed))?.consumedPoints).toBe(1);
    expect(await store.get(unkeyed)).toBeNull();
    expect(await store.get('203.0.113.7')).toBeNull();
    // Another secret counts under another key: the stored key depends on the secret.
    await new RateLimiter(store, 5, 'another secret of at least thirty-two characters').hit('203.0.113.7');
    expect((await store.get(keyed))?.consumedPoints).toBe(1);
  });
});
