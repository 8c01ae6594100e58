import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** How late the event loop ran timers during one window: a long synchronous task shows up as the max. */
export type EventLoopDelay = { maxMs: number; p99Ms: number; meanMs: number; windowMs: number };

/** The message bench:load sends the probe in the server (event-loop-probe.ts) for the figures. */
export const EVENT_LOOP_QUESTION = 'event-loop';

/** The histogram's timer ticks this often; a stall is under-reported by at most one tick. */
const RESOLUTION_MS = 1;

/**
 * perf_hooks records the time between its timer's ticks, so an idle loop reads the resolution
 * itself: how late a tick came, in ms, is that time minus the resolution.
 */
export const lateMs = (ns: number): number => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);

/**
 * Measures event-loop delay from now on with perf_hooks' histogram; `read()` returns the figures
 * since the previous read and starts a new window.
 */
export function eventLoopMonitor(): { read(): EventLoopDelay } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let since = performance.now();
  return {
    read() {
      const now = performance.now();
      const figures = {
        maxMs: lateMs(histogram.max),
        p99Ms: lateMs(histogram.percentile(99)),
        meanMs: histogram.count ? lateMs(histogram.mean) : 0,
        windowMs: Math.round(now - since),
      };
      histogram.reset();
      since = now;
      return figures;
    },
  };
}
