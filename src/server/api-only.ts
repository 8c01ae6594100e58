/**
 * Serves only the API (no static site): the API tests that need a real server (crash, oversized bodies).
 * PORT (default 4401) and HOST (default 127.0.0.1); the rest is the API environment (bootApi).
 * Prints one JSON line `{"msg":"api listening","port":N}` once ready; SIGTERM drains and closes.
 */
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { bootApi } from './boot';
import { applyHttpSettings, withHsts } from './http-settings';

const port = Number(process.env['PORT'] ?? 4401);
const hostname = process.env['HOST'] ?? '127.0.0.1';

const api = await bootApi();
const server = serve(
  {
    fetch: api.app.fetch,
    port,
    hostname,
    // The server Node creates for serve(), with our timeouts and HSTS (hono types this as http's overloads).
    createServer: ((options: ServerOptions, listener: RequestListener) => {
      const http = createServer(options, withHsts(listener, api.http));
      applyHttpSettings(http, api.http);
      return http;
    }) as typeof createServer,
  },
  (info) => {
    process.stdout.write(
      `${JSON.stringify({ level: 'info', msg: 'api listening', port: info.port, pid: process.pid })}\n`,
    );
  },
);

let stopping = false;
function shutdown(): void {
  if (stopping) return;
  stopping = true;
  server.close(() => {
    void api.close().then(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
