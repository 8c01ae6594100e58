import { createServer, type RequestListener, type Server } from 'node:http';
import type { BootedApi } from './boot';

/** Two years, subdomains included: what hstspreload.org asks for. */
const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

/**
 * How often Node checks the head and request timeouts (its default, 30 s, lets a slow head run
 * up to 30 s past HEADERS_TIMEOUT_SECONDS); it is read only from createServer's options.
 */
const CONNECTIONS_CHECKING_INTERVAL_MS = 2_000;

/** How long a stopping server lets requests in flight finish: a 5 MB upload from a slow phone fits. */
const SHUTDOWN_GRACE_MS = 30_000;

type Listen = { port: number; hostname: string; onListening(port: number): void };

/**
 * The Node HTTP server around `listener` (main.ts, api-only.ts): Node's timeouts set from the
 * environment instead of its defaults, HSTS on every answer when enabled, and a graceful stop on
 * SIGTERM and SIGINT: no new connections, requests and uploads in flight finish (at most
 * SHUTDOWN_GRACE_MS), then the API closes (outbox worker, logs, database) and the process exits 0 (1 when requests
 * had to be cut at the deadline).
 */
export function startHttpServer(
  api: BootedApi,
  listener: RequestListener,
  { port, hostname, onListening }: Listen,
): Server {
  const { http } = api;
  let stopping = false;
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, (req, res) => {
    if (http.hsts) res.setHeader('Strict-Transport-Security', HSTS_HEADER);
    // While stopping, a connection is closed as soon as its answer is out, instead of idling for the next request.
    res.once('finish', () => stopping && setImmediate(() => server.closeIdleConnections()));
    if (stopping) res.setHeader('Connection', 'close');
    listener(req, res);
  });
  // Above the 60 s idle timeout of common proxies and load balancers: the proxy, not us, closes an
  // idle connection, so it never sends a request on a socket we are closing (a 502 for the user).
  server.keepAliveTimeout = http.keepAliveTimeoutMs;
  server.headersTimeout = http.headersTimeoutMs;
  server.requestTimeout = http.requestTimeoutMs;
  server.maxConnections = http.maxConnections;
  server.listen(port, hostname, () => {
    const address = server.address();
    onListening(typeof address === 'object' && address ? address.port : port);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    api.logger.info('shutting down', { signal, graceMs: SHUTDOWN_GRACE_MS });
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      api.logger.error('requests still running after the grace period; closing them', { graceMs: SHUTDOWN_GRACE_MS });
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    server.close(() => {
      clearTimeout(deadline);
      void api.close().then(
        () => process.exit(cut ? 1 : 0),
        (error: unknown) => {
          api.logger.error('closing failed', { error: error instanceof Error ? error.message : String(error) });
          api.logger.flush();
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}

/** The one line that says the server is ready, printed whatever LOG_LEVEL says: scripts and tests wait for it. */
export function announceReady(fields: { msg: string } & Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ level: 'info', ...fields })}\n`);
}
