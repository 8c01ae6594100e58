/**
 * The floor of bench:api: a minimal Hono app on @hono/node-server answering the two routes the bench
 * asks of the real server, the health JSON and a job list held in memory. Argv: a file holding the
 * job list's JSON. Prints its URL as JSON.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const jobList = readFileSync(process.argv[2] ?? '', 'utf8');
const app = new Hono()
  .get('/api/health', (c) => c.json({ status: 'ok', database: 'sqlite' }))
  .get('/api/job', (c) => c.body(jobList, 200, { 'Content-Type': 'application/json' }));

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
  console.log(JSON.stringify({ msg: 'floor listening', url: `http://127.0.0.1:${info.port}` })),
);
