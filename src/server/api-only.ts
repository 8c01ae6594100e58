/**
 * Serves only the API (no static site): the API tests that need a real server (crash, oversized bodies).
 * PORT (default 4401) and HOST (default 127.0.0.1); the rest is the API environment (bootApi).
 * Prints `api listening` with its port and pid once ready; SIGTERM drains and closes, as main.ts does.
 */
import { getRequestListener } from '@hono/node-server';
import { bootApi } from './boot';
import { announceReady, startHttpServer } from './http-server';

const api = await bootApi();
startHttpServer(api, getRequestListener(api.app.fetch), {
  port: Number(process.env['PORT'] ?? 4401),
  hostname: process.env['HOST'] ?? '127.0.0.1',
  onListening: (port) => announceReady({ msg: 'api listening', port, pid: process.pid }),
});
