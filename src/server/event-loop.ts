import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** How late the event loop ran timers during one window: a long synchronous task shows up as the max. */
export type EventLoopDelay = { maxMs: number; p99Ms: number; meanMs: number; windowMs: number };

/** Where the benches read EventLoopDelay (only when EVENT_LOOP_STATS is on). */
export const EVENT_LOOP_STATS_PATH = '/api/internal/event-loop';

const round = (ns: number) => Math.round(ns / 1e4) / 100;

/**
 * Measures event-loop delay from now on with perf_hooks' histogram (5 ms timer resolution);
 * `read()` returns the figures since the previous read and starts a new window.
 */
export function eventLoopMonitor(): { read(): EventLoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let since = performance.now();
  return {
    read() {
      const now = performance.now();
      const figures = {
        maxMs: round(histogram.max),
        p99Ms: round(histogram.percentile(99)),
        meanMs: round(histogram.count ? histogram.mean : 0),
        windowMs: Math.round(now - since),
      };
      histogram.reset();
      since = now;
      return figures;
    },
  };
}
