/**
 * A body over the limit, sent whole by a client that does not wait for `100 Continue` (as fetch,
 * curl for small bodies and most libraries do): the client reads the 413, and the connection
 * stays usable for the next request. Against the real server, over real sockets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '~/lib/schemas/application';
import { startApiServer, type RunningServer } from '../helpers/server';

let dataDir: string;
let server: RunningServer;
let agent: Agent;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'edgecraft-oversized-test-'));
  server = await startApiServer({ DATA_DIR: dataDir, ADMIN_EMAIL: 'oversized@example.com' }, 0);
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
});

afterAll(async () => {
  agent?.destroy();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * `localPort` names the connection: a kept connection keeps its port. (`req.reusedSocket` cannot
 * tell: a request queued while the agent's only socket finishes writing the last body gets that
 * socket without the flag.)
 */
type Answer = { status: number; body: string; localPort: number | undefined };

/** Writes the whole body at once (no Expect header), then reads the answer. */
function post(urlPath: string, contentType: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${urlPath}`,
      { method: 'POST', agent, headers: { 'Content-Type': contentType, 'Content-Length': String(body.length) } },
      (res) => {
        const localPort = res.socket.localPort;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            localPort,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function expectOneConnection(answers: Answer[]) {
  const ports = new Set(answers.map((a) => a.localPort));
  expect([...ports]).toEqual([expect.any(Number)]);
}

describe('a body over the limit', () => {
  it('gets its 413 read by the client for a 200 KB JSON login, every time, on one kept connection', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200 * 1024) }));
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await post('/api/admin', 'application/json', body));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
    }
    expectOneConnection(answers);
  });

  it('gets its 413 read by the client for a 20 MB multipart upload with a Content-Length', async () => {
    const boundary = 'oversizedboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="big.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, Buffer.alloc(20 * 1024 * 1024 - head.length - tail.length, 0x25), tail]);
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await post('/api/applicants/apply', `multipart/form-data; boundary=${boundary}`, body));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: applicationMessages.resumeSize,
        errors: { resume: applicationMessages.resumeSize },
      });
    }
    expectOneConnection(answers);
  });
});
