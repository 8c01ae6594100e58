/**
 * The real server against a client that trickles its request head (the head timeout fires on
 * time, not up to Node's default 30 s check interval late), against more connections than
 * MAX_CONNECTIONS, and against a request naming two hosts.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStorage } from '../../support/api';
import { rawRequest } from '../helpers/raw-http';
import { startApiServer, type RunningServer } from '../helpers/server';

const HEADERS_TIMEOUT_S = 4;
/** Node's check interval as the server sets it, plus room for a busy two-core machine. */
const CHECK_INTERVAL_S = 2;
const MARGIN_S = 2;
const MAX_CONNECTIONS = 3;

let storage: Awaited<ReturnType<typeof processStorage>>;
let server: RunningServer;

beforeAll(async () => {
  storage = await processStorage('http-limits');
  server = await startApiServer(
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      KEEP_ALIVE_TIMEOUT_SECONDS: '3',
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
      REQUEST_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
    0,
  );
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await storage.remove();
});

/** A connection, resolved once it is open, with what the server sent and when it closed. */
function open(): Promise<{ socket: Socket; openedAt: number; closed: Promise<{ at: number; answer: string }> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<{ at: number; answer: string }>((done) =>
      socket.once('close', () => done({ at: performance.now(), answer: Buffer.concat(chunks).toString('latin1') })),
    );
    socket.once('connect', () => resolve({ socket, openedAt: performance.now(), closed }));
    socket.once('error', reject);
  });
}

describe('HTTP limits of the real server', () => {
  it('answers 408 and closes a connection trickling its head within the timeout plus the check interval', async () => {
    const { socket, openedAt, closed } = await open();
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let line = 0;
    // One header line a second: every byte arrives well within any idle timeout, the head never ends.
    const trickle = setInterval(() => socket.writable && socket.write(`X-Trickle-${++line}: a\r\n`), 1000);
    const { at, answer } = await closed;
    clearInterval(trickle);
    const elapsedS = (at - openedAt) / 1000;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedS).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_S - 0.5);
    expect(elapsedS).toBeLessThanOrEqual(HEADERS_TIMEOUT_S + CHECK_INTERVAL_S + MARGIN_S);
  });

  it('drops connections beyond MAX_CONNECTIONS and serves again once one closes', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => open()));
    // Each held connection has begun a request, so the server has surely accepted it.
    for (const c of held) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const extra = await open();
    // A whole request: a server without the limit would answer it 200.
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const { answer } = await extra.closed;
    expect(answer).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    await expect
      .poll(async () => (await fetch(`${server.url}/api/health`).catch(() => null))?.status, { timeout: 10_000 })
      .toBe(200);
  });

  it('refuses a request with two Host headers with 400 and a JSON message, as nginx does', async () => {
    const head = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n';
    const { answer } = rawRequest(server.port, head);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain('{"message":"A request may name its host only once."}');
    const single = await fetch(`${server.url}/api/health`);
    expect(single.status).toBe(200);
  });
});
