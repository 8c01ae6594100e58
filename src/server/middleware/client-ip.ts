import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address: the socket peer, or with `trustProxy` the last X-Forwarded-For entry
 * (the one our own proxy appended; earlier entries are client-controlled).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * Warns once when a request arrives with X-Forwarded-For while TRUST_PROXY is off: behind a
 * proxy every client then shares the proxy's address, and so do the per-address limits.
 */
export function proxyHeaderCheck(services: {
  config: { trustProxy: boolean };
  logger: { warn(msg: string, fields?: Record<string, unknown>): void };
}): (c: Context) => void {
  let warned = services.config.trustProxy;
  return (c) => {
    if (warned || c.req.header('x-forwarded-for') === undefined) return;
    warned = true;
    services.logger.warn(
      'X-Forwarded-For received while TRUST_PROXY is off: every client behind the proxy shares one address and one set of rate limits; set TRUST_PROXY=true when a proxy you run appends this header',
    );
  };
}
