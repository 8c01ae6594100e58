import type { Socket } from 'node:net';
import { networkKey } from './client-ip';

/**
 * Counts open connections per client network (`networkKey`) and closes one beyond `max` at once,
 * so one address cannot hold every connection MAX_CONNECTIONS allows. null: no limit (behind a
 * proxy every connection is the proxy's). Returns whether `socket` may stay.
 */
export function connectionsPerClient(max: number | null): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  return (socket) => {
    if (max === null) return true;
    const key = networkKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return false;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left) open.set(key, left);
      else open.delete(key);
    });
    return true;
  };
}
