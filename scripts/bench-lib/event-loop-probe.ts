/**
 * Preloaded into the server by bench:load (`node --import`): measures the event-loop delay and
 * answers the bench's 'event-loop' message over the IPC channel with the figures since the last one.
 */
import { EVENT_LOOP_QUESTION, eventLoopMonitor } from './event-loop';

const monitor = eventLoopMonitor();
process.on('message', (message) => {
  if (message === EVENT_LOOP_QUESTION) process.send?.(monitor.read());
});
