import { describe, expect, it } from 'vitest';
import { eventLoopMonitor, lateMs } from './event-loop';

const nextTimerTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('event-loop delay', () => {
  it('counts a tick that came on time as 0 ms late, not as the timer interval', () => {
    expect(lateMs(1_000_000)).toBe(0);
    expect(lateMs(1_040_000)).toBe(0.04);
    expect(lateMs(21_000_000)).toBe(20);
  });

  it('reports a 30 ms synchronous task as at least 29 ms of delay', async () => {
    const monitor = eventLoopMonitor();
    await nextTimerTurn();
    monitor.read();
    // After a read, perf_hooks' next tick only restarts its clock.
    await nextTimerTurn();
    const blockedUntil = performance.now() + 30;
    while (performance.now() < blockedUntil);
    await nextTimerTurn();
    const delay = monitor.read();
    expect(delay.maxMs).toBeGreaterThanOrEqual(29);
    expect(delay.p99Ms).toBeLessThanOrEqual(delay.maxMs);
    expect(delay.windowMs).toBeGreaterThanOrEqual(30);
  });
});
