import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reusedFor, whenReady } from '~/server/reuse';

describe('reusedFor', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());

  it('shares one load between callers until it expires, then loads again', async () => {
    let loads = 0;
    const value = reusedFor(1000, async () => ++loads);
    const first = value.get();
    expect(value.get()).toBe(first);
    expect(await first).toBe(1);
    vi.advanceTimersByTime(999);
    expect(value.get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await value.get()).toBe(2);
  });

  it('answers with the value itself, not a promise, once the load has resolved', async () => {
    const value = reusedFor(1000, async () => 'ready');
    await value.get();
    expect(value.get()).toBe('ready');
  });

  it('loads again at once after clear()', async () => {
    let loads = 0;
    const value = reusedFor(1000, async () => ++loads);
    await value.get();
    value.clear();
    expect(await value.get()).toBe(2);
  });

  it('does not keep a failed load', async () => {
    let loads = 0;
    const value = reusedFor(1000, async () => {
      loads += 1;
      if (loads === 1) throw new Error('database unavailable');
      return loads;
    });
    await expect(value.get()).rejects.toThrow('database unavailable');
    expect(await value.get()).toBe(2);
  });

  it('does not keep a load that finishes after clear()', async () => {
    let release: (n: number) => void = () => {};
    let loads = 0;
    const value = reusedFor(1000, () => {
      loads += 1;
      return loads === 1 ? new Promise<number>((resolve) => (release = resolve)) : Promise.resolve(loads);
    });
    const stale = value.get();
    value.clear();
    release(1);
    expect(await stale).toBe(1);
    expect(await value.get()).toBe(2);
  });
});

describe('whenReady', () => {
  it('uses a ready value synchronously and a promise once it resolves', async () => {
    expect(whenReady(2, (n) => n * 2)).toBe(4);
    expect(await whenReady(Promise.resolve(3), (n) => n * 2)).toBe(6);
  });
});
