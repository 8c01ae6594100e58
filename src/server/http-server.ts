import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { requestMessages, type ApiErrorBody } from '~/lib/schemas';
import type { BootedApi } from './boot';
import { flushLogs } from './logger';
import { connectionsPerClient } from './middleware/connections-per-client';

/** Two years, subdomains included: what hstspreload.org asks for. */
const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

/**
 * How often Node checks the head and request timeouts (its default, 30 s, lets a slow head run
 * up to 30 s past HEADERS_TIMEOUT_SECONDS); it is read only from createServer's options.
 */
const CONNECTIONS_CHECKING_INTERVAL_MS = 2_000;

/** How long a stopping server lets requests in flight finish: a 5 MB upload from a slow phone fits. */
export const SHUTDOWN_GRACE_MS = 30_000;

/**
 * After SIGTERM, how long a connection waiting for its next request head may still send it (it is
 * answered with Connection: close): a keep-alive client may be writing one as we stop, and closing
 * under it would reset it. A connection that sends nothing, or stalls mid-head, is closed then.
 */
const LAST_CALL_MS = 1_000;

/** A request whose body the client sends or may still send (an upload cut at the deadline is lost work). */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** An API-style JSON error written straight to the socket, before any app sees the request; the connection then closes. */
function refuse(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ message } satisfies ApiErrorBody);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}

/**
 * The Node HTTP server around `listener` (main.ts, api-only.ts): Node's timeouts set from the
 * environment instead of its defaults, HSTS on every answer when enabled, and a graceful stop on
 * SIGTERM and SIGINT: no new connections, every answer from then on says Connection: close,
 * requests and uploads in flight finish (at most SHUTDOWN_GRACE_MS), connections without a request
 * get LAST_CALL_MS to send one, then the API closes (outbox worker, logs, database) and the process
 * exits 0 (1 when a request with a body had to be cut at the deadline).
 */
export function startHttpServer(
  api: BootedApi,
  listener: RequestListener,
  onListening: (port: number) => void,
): Server {
  const { http } = api;
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  // Sockets whose next request head is not complete: new, between keep-alive requests, or stalled mid-head.
  const awaitingHead = new Set<Socket>();
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, (req, res) => {
    awaitingHead.delete(req.socket);
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (req.socket.destroyed) return;
      awaitingHead.add(req.socket);
      if (stopping) lastCall(req.socket);
    });
    if (http.hsts) res.setHeader('Strict-Transport-Security', HSTS_HEADER);
    // While stopping, a connection is closed once its answer is out: the client knows not to reuse it.
    if (stopping) res.setHeader('Connection', 'close');
    // Node keeps the first of two Host headers; a proxy in front may have routed by the other (nginx refuses both).
    if ((req.headersDistinct['host']?.length ?? 0) > 1) {
      refuse(res, 400, requestMessages.duplicateHost);
      return;
    }
    listener(req, res);
  });
  const lastCall = (socket: Socket) => setTimeout(() => awaitingHead.has(socket) && socket.destroy(), LAST_CALL_MS);
  const admit = connectionsPerClient(http.maxConnectionsPerClient);
  server.on('connection', (socket: Socket) => {
    if (!admit(socket)) return;
    awaitingHead.add(socket);
    socket.once('close', () => awaitingHead.delete(socket));
    if (stopping) lastCall(socket);
  });
  // Above the 60 s idle timeout of common proxies and load balancers: the proxy, not us, closes an
  // idle connection, so it never sends a request on a socket we are closing (a 502 for the user).
  server.keepAliveTimeout = http.keepAliveTimeoutMs;
  server.headersTimeout = http.headersTimeoutMs;
  server.requestTimeout = http.requestTimeoutMs;
  server.maxConnections = http.maxConnections;
  server.listen(http.port, http.hostname, () => {
    const address = server.address();
    onListening(typeof address === 'object' && address ? address.port : http.port);
  });

  let stopRequested = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopRequested) return;
    stopRequested = true;
    api.logger.info({ signal, graceMs: SHUTDOWN_GRACE_MS }, 'shutting down');
    // One more turn of the loop first, so connections the kernel has already taken are accepted, not
    // reset with the listener; and the listener closes before any answer says Connection: close,
    // whose client would reconnect into its backlog. net's close, not http's: http's also closes idle
    // keep-alive sockets at once, under a client that may be sending on one.
    setImmediate(() => {
      let cut = false;
      const deadline = setTimeout(() => {
        cut = [...inFlight].some((res) => hasBody(res.req));
        api.logger.error(
          {
            graceMs: SHUTDOWN_GRACE_MS,
          },
          'requests still running after the grace period; closing them',
        );
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      NetServer.prototype.close.call(server, () => {
        clearTimeout(deadline);
        void api.close().then(
          () => process.exit(cut ? 1 : 0),
          (error: unknown) => {
            api.logger.error({ err: error }, 'closing failed');
            void flushLogs(api.logger).finally(() => process.exit(1));
          },
        );
      });
      api.logger.info('no new connections');
      stopping = true;
      // Answers not yet begun tell their client to close: none sends another request on a socket that is closing.
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      for (const socket of awaitingHead) lastCall(socket);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}

/** The one line that says the server is ready, printed whatever LOG_LEVEL says: scripts and tests wait for it. */
export function announceReady(fields: { msg: string } & Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ level: 'info', ...fields })}\n`);
}
