/**
 * Graceful shutdown: SIGTERM while a 5 MB application is half uploaded. The server stops taking
 * new connections, lets the upload finish and answers it 201, stores it, and exits 0.
 */
import { createHash } from 'node:crypto';
import { Agent, get, request } from 'node:http';
import { once } from 'node:events';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db';
import { SHUTDOWN_GRACE_MS } from '~/server/http-server';
import { applicationForm, processStorage } from '../../support/api';
import { pdfBytes } from '../../support/files';
import { createJob } from '../helpers/running-server';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'shutdown@example.com', password: 'shutdown test password' };
/** Just under the resume limit, with the form's other fields beside it. */
const RESUME_BYTES = 5 * 1024 * 1024 - 64 * 1024;

let storage: Awaited<ReturnType<typeof processStorage>>;
let server: RunningServer;

beforeAll(async () => {
  storage = await processStorage('shutdown');
  server = await startApiServer(
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    },
    0,
  );
});

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await storage.remove();
});

/** Resolves with the first line of the server's stdout that contains `text`. */
function lineContaining(text: string): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: server.child.stdout! });
    lines.on('line', (line) => {
      if (!line.includes(text)) return;
      lines.close();
      resolve(line);
    });
  });
}

describe('graceful shutdown', () => {
  it('keeps an idle connection open longer than the 60 s of common proxies, so none sends on a closing socket', async () => {
    const agent = new Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      get(`${server.url}/api/health`, { agent }, (res) => {
        res.resume();
        resolve(res.headers['keep-alive']);
      }).on('error', reject);
    });
    agent.destroy();
    expect(keepAlive).toBe('timeout=65');
  });

  it('answers 201 to a 5 MB upload in flight at SIGTERM, stores it, refuses new connections and exits 0', async () => {
    const jobId = await createJob(server.url, ADMIN);
    const resume = pdfBytes(RESUME_BYTES);
    const form = applicationForm(
      jobId,
      { email: 'in.flight@example.com' },
      {
        bytes: resume,
        name: 'in-flight.pdf',
        type: 'application/pdf',
      },
    );
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const half = Math.floor(body.length / 2);

    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/applicants/apply`,
        {
          method: 'POST',
          headers: { 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest once the server has begun to shut down.
      req.write(body.subarray(0, half), () => {
        // Once the listener is closed: a connection in the instant before may be reset, not refused.
        const closed = lineContaining('no new connections');
        server.child.kill('SIGTERM');
        void closed.then(async () => {
          // A new connection (not the pooled one fetch keeps) is refused.
          const refused = await new Promise<string | undefined>((resolve) => {
            get(`${server.url}/api/health`, { agent: false }, (res) => resolve(`answered ${res.statusCode}`)).on(
              'error',
              (error: NodeJS.ErrnoException) => resolve(error.code),
            );
          });
          expect(refused).toBe('ECONNREFUSED');
          req.end(body.subarray(half));
        });
      });
    });

    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(await server.exited).toBe(0);

    const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
    try {
      const stored = await handle.db
        .selectFrom('applicants')
        .innerJoin('resumes', 'resumes.applicant_id', 'applicants.id')
        .select(['applicants.email', 'resumes.data'])
        .execute();
      expect(stored.map((row) => row.email)).toEqual(['in.flight@example.com']);
      const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
      expect(sha(stored[0]!.data as Uint8Array)).toBe(sha(resume));
    } finally {
      await handle.close();
    }
  });
});

describe('a deploy drops nothing', () => {
  const CLIENTS = 30;
  /** Answers before the SIGTERM, so every client has a warm keep-alive socket. */
  const ANSWERS_BEFORE_STOP = 90;

  it('answers keep-alive clients sending back to back through SIGTERM without resetting a connection it had taken, and exits 0', async () => {
    const own = await startApiServer({ DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl }, 0);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const failures: string[] = [];
    let answered = 0;
    const client = async () => {
      for (;;) {
        const outcome = await new Promise<number | string>((resolve) => {
          const req = get(`${own.url}/api/job`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', (error: NodeJS.ErrnoException) =>
            // A fresh connection reset unanswered never reached the server (caught in the listen backlog as it closed).
            resolve(req.reusedSocket ? (error.code ?? error.message) : 'never accepted'),
          );
        });
        // Refused or never accepted: the server no longer listens, and the client may send it elsewhere; nothing was lost.
        if (outcome === 'ECONNREFUSED' || outcome === 'never accepted') return;
        if (outcome !== 200) failures.push(String(outcome));
        if (++answered === ANSWERS_BEFORE_STOP) own.child.kill('SIGTERM');
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    agent.destroy();
    expect(answered).toBeGreaterThanOrEqual(ANSWERS_BEFORE_STOP);
    expect(failures).toEqual([]);
    expect(await own.exited).toBe(0);
  });

  it('closes a connection stalled in its request head at once on SIGTERM instead of waiting out the grace period', async () => {
    const own = await startApiServer({ DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl }, 0);
    const stalled = connect(own.port, '127.0.0.1');
    await once(stalled, 'connect');
    stalled.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closed = once(stalled, 'close');
    stalled.on('error', () => undefined);
    // Answered on a later connection: the server has taken the stalled one too.
    expect((await fetch(`${own.url}/api/health`)).status).toBe(200);
    const stopping = performance.now();
    own.child.kill('SIGTERM');
    await closed;
    expect(await own.exited).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(SHUTDOWN_GRACE_MS);
  });
});
