import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, rawRequest, runLoad } from '../../scripts/bench-lib/loadgen';

/** Answers in each of the shapes the benches meet: a large counted body, a chunked one, a close, an error. */
const routes: Record<string, { status: number; send: (res: ServerResponse) => void }> = {
  '/large': {
    status: 200,
    send: (res) => res.writeHead(200, { 'Content-Length': 300_000 }).end(Buffer.alloc(300_000, 'a')),
  },
  '/chunked': {
    status: 200,
    send: (res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first part\r\n');
      res.write(Buffer.alloc(70_000, 'b'));
      res.end('last part');
    },
  },
  '/close': { status: 200, send: (res) => res.writeHead(200, { Connection: 'close' }).end('bye') },
  '/missing': { status: 404, send: (res) => res.writeHead(404).end('not here') },
  '/empty': { status: 204, send: (res) => res.writeHead(204).end() },
};
const paths = Object.keys(routes);
const pathOf = (i: number) => paths[i % paths.length] ?? '/large';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => routes[req.url ?? '']?.send(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const requestOf = (i: number) => rawRequest('GET', pathOf(i));

describe('the benches’ load generator', () => {
  it('reads counted, chunked, closing and empty answers back to back, each with the status of its own request', async () => {
    const statuses = new Map<number, number>();
    const result = await drive({ port, connections: 3, durationMs: 300, request: requestOf }, (i, status) =>
      statuses.set(i, status),
    );

    expect(statuses.size).toBeGreaterThan(paths.length * 3);
    for (const [i, status] of statuses) expect([pathOf(i), status]).toEqual([pathOf(i), routes[pathOf(i)]?.status]);
    // Only the 404s and the 204s are outside the default success list [200].
    const failed = [...statuses].filter(([, status]) => status !== 200).length;
    expect(result.errors).toBe(failed);
    expect(result.failures).toContain('status 404');
  });

  it('runLoad counts every answer and lists their latencies in ascending order', async () => {
    const result = await runLoad({ port, connections: 2, durationMs: 200, request: requestOf, ok: [200, 204, 404] });

    expect(result.errors).toBe(0);
    expect(result.requests).toBe(result.latencies.length);
    expect(result.requests).toBeGreaterThan(paths.length);
    expect(result.latencies).toEqual([...result.latencies].sort((a, b) => a - b));
  });
});
