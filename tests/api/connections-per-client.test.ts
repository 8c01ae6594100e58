/**
 * MAX_CONNECTIONS_PER_CLIENT on the real server: one client network holding its share of
 * connections gets no more, while another client keeps getting answers.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processStorage } from '../../support/api';
import { startApiServer, type RunningServer } from '../helpers/server';

const PER_CLIENT = 3;
/** Another client: Linux routes all of 127.0.0.0/8 to loopback, so a second source address is a second network. */
const OTHER_CLIENT = '127.0.0.2';
const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

let storage: Awaited<ReturnType<typeof processStorage>>;
let server: RunningServer;

beforeAll(async () => {
  storage = await processStorage('per-client');
  server = await startApiServer(
    { DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl, MAX_CONNECTIONS_PER_CLIENT: String(PER_CLIENT) },
    0,
  );
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  await storage.remove();
});

/** A connection from `localAddress`, resolved once open, with what the server sent before it closed. */
function open(localAddress = '127.0.0.1'): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: server.port, host: '127.0.0.1', localAddress });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    const answer = new Promise<string>((done) =>
      socket.once('close', () => done(Buffer.concat(chunks).toString('latin1'))),
    );
    socket.once('connect', () => resolve({ socket, answer }));
    socket.once('error', reject);
  });
}

describe('connections per client', () => {
  it('closes a client’s connection beyond MAX_CONNECTIONS_PER_CLIENT while another client is answered', async () => {
    const held = await Promise.all(Array.from({ length: PER_CLIENT }, () => open()));
    for (const c of held) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    const other = await open(OTHER_CLIENT);
    other.socket.write(HEALTH);
    // Answered: the server has taken the held connections (accepted before this one) and counts them.
    expect(await other.answer).toMatch(/^HTTP\/1\.1 200 /);

    const extra = await open();
    extra.socket.write(HEALTH);
    expect(await extra.answer).toBe('');

    const again = await open(OTHER_CLIENT);
    again.socket.write(HEALTH);
    expect(await again.answer).toMatch(/^HTTP\/1\.1 200 /);

    // The server answers and closes one of the client's connections, which frees its place.
    held[0]!.socket.write('Connection: close\r\n\r\n');
    expect(await held[0]!.answer).toMatch(/^HTTP\/1\.1 200 /);
    const freed = await open();
    freed.socket.write(HEALTH);
    expect(await freed.answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of held) c.socket.destroy();
  });
});
