/**
 * Serves only the API (no static site): the API tests that need a real server (crash, oversized bodies).
 * Its settings are the API environment's (bootApi), PORT and HOST among them.
 * Prints `api listening` with its port and pid once ready; SIGTERM drains and closes, as main.ts does.
 */
import { getRequestListener } from '@hono/node-server';
import { bootApi } from './boot';
import { announceReady, startHttpServer } from './http-server';

const api = await bootApi();
startHttpServer(api, getRequestListener(api.app.fetch), (port) =>
  announceReady({ msg: 'api listening', port, pid: process.pid }),
);
