/**
 * The floors of `npm run bench:api`: the least a Node server can do per request, run on the same
 * machine in the same sitting, so the bench reports the API as a share of them.
 *   bench-floor.ts node   bare node:http answering {"status":"ok"}
 *   bench-floor.ts hono   a minimal Hono app on @hono/node-server with one JSON route
 * Listens on a free loopback port and prints `{"port":N}`; GET /api/internal/event-loop answers
 * the event-loop delay since the previous read, as the server does with EVENT_LOOP_STATS.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, type Server } from 'node:http';
import { EVENT_LOOP_STATS_PATH, eventLoopMonitor } from '~/server/event-loop';

const kind = process.argv[2];
const loop = eventLoopMonitor();
const ready = (server: Server) =>
  server.once('listening', () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  });

if (kind === 'node') {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((req, res) => {
    const payload = req.url === EVENT_LOOP_STATS_PATH ? JSON.stringify(loop.read()) : body;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
    res.end(payload);
  });
  ready(server);
  server.listen(0, '127.0.0.1');
} else if (kind === 'hono') {
  const app = new Hono();
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.get(EVENT_LOOP_STATS_PATH, (c) => c.json(loop.read()));
  ready(serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server);
} else {
  throw new Error(`usage: bench-floor.ts node|hono (got ${kind ?? 'nothing'})`);
}
process.on('SIGTERM', () => process.exit(0));
