/**
 * deploy/nginx/edgecraft.conf as shipped (ports, upstream, certificate and host name rewritten),
 * run by nginx in front of the whole server with TRUST_PROXY=true and an https SITE_URL, and
 * spoken to over TLS: pages and the API pass, uploads fit, too-large bodies get a readable 413,
 * per-address limits follow the address nginx saw, and HSTS arrives exactly once.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_LETTER_MAX, RESUME_MAX_BYTES } from '~/lib/limits';
import { applicationMessages } from '~/lib/schemas/application';
import { contactMessages } from '~/lib/schemas/contact';
import { applicationForm, validJob } from '../../support/api';
import { pdfBytes } from '../../support/files';
import {
  NGINX_BIN,
  OPENSSL_BIN,
  selfSignedCertificate,
  siteForTest,
  startNginx,
  type RunningNginx,
} from '../helpers/nginx';
import { startSiteServer, type RunningServer } from '../helpers/server';

const SITE_FILE = 'deploy/nginx/edgecraft.conf';
const SERVER_NAME = 'localhost';
const ADMIN = { email: 'deploy@example.com', password: 'deploy test password' };
const CONTACT_LIMIT = 2;
const HOME_PAGE = '<!doctype html><title>EdgeCraft AI</title><h1>Home</h1>';
const APPLICATION_PAGE = '<!doctype html><title>Your application</title>';

const missing = !NGINX_BIN ? 'nginx' : !OPENSSL_BIN ? 'openssl' : null;
if (missing) {
  console.warn(
    `NOTICE: ${missing} is not installed, so ${SITE_FILE} is not tested (install Debian's nginx and openssl; .ci/run does).`,
  );
}

let dir: string;
let dataDir: string;
let certificate: Buffer;
let site: RunningServer | undefined;
let nginx: RunningNginx | undefined;
let counter: ConnectionCounter | undefined;

type ConnectionCounter = { port: number; connections: number; close(): Promise<void> };

/** A TCP relay in front of the server that counts the connections nginx opens to it. */
async function countConnections(targetPort: number): Promise<ConnectionCounter> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return socket;
  };
  const state = { connections: 0 };
  const server: Server = createServer((client) => {
    state.connections++;
    const upstream = track(createConnection({ host: '127.0.0.1', port: targetPort }));
    track(client);
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

type Answer = { status: number; headers: IncomingHttpHeaders; rawHeaders: string[]; body: string; bytes: Buffer };
type Send = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The loopback address the client connects from: what nginx sees as the client's. */
  from?: string;
};

/** One request to nginx over TLS (trusting only the test's certificate), on a new connection. */
function send(urlPath: string, options: Send = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: nginx!.httpsPort,
        servername: SERVER_NAME,
        ca: certificate,
        rejectUnauthorized: true,
        agent: false,
        path: urlPath,
        method: options.method ?? 'GET',
        headers: { Host: SERVER_NAME, ...options.headers },
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => collect(res, resolve, reject),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function collect(res: IncomingMessage, resolve: (answer: Answer) => void, reject: (error: Error) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    const bytes = Buffer.concat(chunks);
    resolve({
      status: res.statusCode ?? 0,
      headers: res.headers,
      rawHeaders: res.rawHeaders,
      body: bytes.toString('utf8'),
      bytes,
    });
  });
  res.on('error', reject);
}

/** A JSON POST with an explicit length. */
function postJson(urlPath: string, value: unknown, options: Send = {}): Promise<Answer> {
  return send(urlPath, {
    ...options,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...options.headers },
    body: Buffer.from(JSON.stringify(value)),
  });
}

/** A multipart POST as the careers form sends it, with its Content-Length. */
async function postForm(urlPath: string, form: FormData, options: Send = {}): Promise<Answer> {
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return send(urlPath, {
    ...options,
    method: 'POST',
    headers: { 'Content-Type': encoded.headers.get('content-type')!, ...options.headers },
    body,
  });
}

/** How many times a header was sent (Node folds repeats of some headers into one value). */
function headerCount(answer: Answer, name: string): number {
  return answer.rawHeaders.filter((value, i) => i % 2 === 0 && value.toLowerCase() === name).length;
}

/** The last token the server's outbox holds for `email` after `marker` (no SMTP: mails stay there). */
function mailedToken(email: string, marker: string): string {
  const db = new SQLite(path.join(dataDir, 'edgecraft.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT text_body FROM outbox WHERE recipient = ?').all(email) as { text_body: string }[];
    const found = [
      ...rows
        .map((r) => r.text_body)
        .join('\n')
        .matchAll(new RegExp(`${marker}([A-Za-z0-9_-]{43})`, 'g')),
    ];
    if (!found.length) throw new Error(`no ${marker} token mailed to ${email}`);
    return found.at(-1)![1]!;
  } finally {
    db.close();
  }
}

const HSTS = 'max-age=63072000; includeSubDomains';

describe.skipIf(missing !== null)('deploy/nginx/edgecraft.conf in front of the server', () => {
  let token: string;
  let jobId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'edgecraft-nginx-test-'));
    dataDir = path.join(dir, 'data');
    const distClient = path.join(dir, 'dist', 'client');
    mkdirSync(dataDir);
    mkdirSync(distClient, { recursive: true });
    // A build of one page: the server serves whatever DIST_DIR holds, so the test needs no `npm run build`.
    writeFileSync(path.join(distClient, 'index.html'), HOME_PAGE);
    mkdirSync(path.join(distClient, 'application'));
    writeFileSync(path.join(distClient, 'application', 'index.html'), APPLICATION_PAGE);
    const tls = selfSignedCertificate(dir, SERVER_NAME);
    certificate = readFileSync(tls.certificate);

    site = await startSiteServer({
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dir, 'dist'),
      TRUST_PROXY: 'true',
      SITE_URL: 'https://www.example.com',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CONTACT_RATE_LIMIT_PER_IP: String(CONTACT_LIMIT),
      APPLY_RATE_LIMIT_PER_IP: '1000',
      METRICS: 'true',
      // Its request lines are read by the test of the logs.
      LOG_LEVEL: 'info',
    });
    counter = await countConnections(site.port);
    const siteText = readFileSync(SITE_FILE, 'utf8');
    nginx = await startNginx((ports, nginxDir) =>
      siteForTest(siteText, {
        ...ports,
        upstreamPort: counter!.port,
        certificate: tls.certificate,
        certificateKey: tls.key,
        serverName: SERVER_NAME,
        accessLog: path.join(nginxDir, 'edgecraft.access.log'),
        errorLog: path.join(nginxDir, 'edgecraft.error.log'),
      }),
    );

    const login = await postJson('/api/admin', ADMIN);
    expect(login.status).toBe(200);
    token = (JSON.parse(login.body) as { token: string }).token;
    const job = await postJson('/api/job', validJob, { headers: { Authorization: `Bearer ${token}` } });
    expect(job.status).toBe(201);
    jobId = (JSON.parse(job.body) as { job: { id: number } }).job.id;
  });

  afterAll(async () => {
    await nginx?.stop();
    await counter?.close();
    await site?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the health probe and a page over TLS, each with HSTS exactly once', async () => {
    const health = await send('/api/health');
    expect(health.status).toBe(200);
    const page = await send('/');
    expect(page.status).toBe(200);
    expect(page.body).toBe(HOME_PAGE);
    const missingPage = await send('/no-such-page');
    expect(missingPage.status).toBe(404);
    for (const answer of [health, page, missingPage]) {
      expect(headerCount(answer, 'strict-transport-security')).toBe(1);
      expect(answer.headers['strict-transport-security']).toBe(HSTS);
    }
  });

  it('passes the readiness probe, and /metrics to a client on this machine', async () => {
    const ready = await send('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.headers['content-type']).toBe('application/health+json');
    const metrics = await send('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^edgecraft_database_state\{state="up"\} 1$/m);
  });

  it('takes the largest valid application: a resume 1 byte under 5 MB and the longest cover letter', async () => {
    const resume = { bytes: pdfBytes(RESUME_MAX_BYTES - 1), name: 'cv.pdf', type: 'application/pdf' };
    const coverLetter = 'I port models to microcontrollers. '.repeat(40).slice(0, COVER_LETTER_MAX);
    const answer = await postForm(
      '/api/applicants/apply',
      applicationForm(jobId, { email: 'big-resume@example.com', coverLetter }, resume),
    );
    expect(answer.status, answer.body).toBe(201);
    expect(headerCount(answer, 'strict-transport-security')).toBe(1);
  });

  it('answers a too-large application 413 with the message the form shows', async () => {
    const resume = { bytes: pdfBytes(7 * 1024 * 1024), name: 'cv.pdf', type: 'application/pdf' };
    const answer = await postForm(
      '/api/applicants/apply',
      applicationForm(jobId, { email: 'too-big@example.com' }, resume),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      message: applicationMessages.resumeSize,
      errors: { resume: applicationMessages.resumeSize },
    });
  });

  it('answers a too-large JSON body 413 with the server message, whether nginx or the server refuses it', async () => {
    const big = { name: 'A', email: 'a@example.com', subject: 'S', message: 'x'.repeat(2 * 1024 * 1024) };
    const byNginx = await postJson('/api/contact', big);
    const byServer = await postJson('/api/contact', { ...big, message: 'x'.repeat(100 * 1024) });
    for (const answer of [byNginx, byServer]) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: 'Request body too large' });
    }
  });

  it('limits each client by the address nginx saw, which a forged X-Forwarded-For cannot change', async () => {
    const message = (n: number) => ({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: `Question ${n}`,
      message: 'Could your platform target a Cortex-M55 board?',
    });
    for (let n = 0; n < CONTACT_LIMIT; n++) {
      expect((await postJson('/api/contact', message(n), { from: '127.0.0.2' })).status).toBe(201);
    }
    const limited = await postJson('/api/contact', message(9), { from: '127.0.0.2' });
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ message: contactMessages.tooMany });
    const forged = await postJson('/api/contact', message(10), {
      from: '127.0.0.2',
      headers: { 'X-Forwarded-For': '198.51.100.7' },
    });
    expect(forged.status).toBe(429);
    expect((await postJson('/api/contact', message(11), { from: '127.0.0.3' })).status).toBe(201);
  });

  it('gzips the job list for clients that accept it, under a weak ETag that revalidates to 304', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    while ((await send('/api/job')).body.length < 2048)
      expect((await postJson('/api/job', validJob, { headers: auth })).status).toBe(201);
    const plain = await send('/api/job');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await send('/api/job', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length);
    expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag}`);
    const again = await send('/api/job', {
      headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('keeps its connections to the server open between requests (upstream keepalive)', async () => {
    const before = counter!.connections;
    for (let i = 0; i < 5; i++) expect((await send('/api/health')).status).toBe(200);
    // One new connection at most: the server may have closed an idle one since the last test.
    expect(counter!.connections - before).toBeLessThanOrEqual(1);
  });

  it('redirects plain HTTP to https, keeping path and query', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: nginx!.httpPort,
          path: '/career?ref=mail',
          headers: { Host: SERVER_NAME },
          agent: false,
        },
        (res) => collect(res, resolve, reject),
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${SERVER_NAME}/career?ref=mail`);
  });

  it("logs each request without the client's address or the query string", async () => {
    // nginx writes a request's line before it serves the next one: this request follows the others.
    expect((await send('/api/health')).status).toBe(200);
    const log = readFileSync(path.join(nginx!.dir, 'edgecraft.access.log'), 'utf8');
    expect(log).toContain('"GET /no-such-page HTTP/1.1" 404');
    expect(log).toContain('"GET /career HTTP/1.1" 301');
    expect(log).not.toContain('127.0.0.1');
    expect(log).not.toContain('ref=mail');
  });

  it("logs each route that carries a token by its pattern, in its own log and in the server's", async () => {
    const applied = await postForm(
      '/api/applicants/apply',
      applicationForm(jobId, { email: 'logged-link@example.com' }),
    );
    expect(applied.status, applied.body).toBe(201);
    expect((await postJson('/api/alerts', { email: 'logged-alert@example.com' })).status).toBe(202);
    const page = mailedToken('logged-link@example.com', '/application/');
    const alert = mailedToken('logged-alert@example.com', '/alerts/confirm#');
    const reset = 'R'.repeat(43);
    const serverLinesBefore = site!.output.length;

    const uses: [string, string, number][] = [
      ['GET', `/application/${page}`, 200],
      ['GET', `/api/applications/${page}`, 200],
      ['GET', `/api/applications/${page}/export`, 200],
      ['POST', `/api/applications/${page}/withdraw`, 200],
      ['GET', `/api/alerts/${alert}`, 200],
      ['POST', `/api/alerts/${alert}/confirm`, 200],
      ['POST', `/api/alerts/${alert}/unsubscribe`, 200],
      ['GET', `/adminlogin?reset=${reset}`, 404],
      ['DELETE', `/api/applications/${page}`, 200],
    ];
    for (const [method, url, status] of uses) {
      const answer = await send(url, { method, headers: { 'Content-Length': '0' } });
      expect(answer.status, `${method} ${url}`).toBe(status);
    }
    // nginx refuses a body too large itself, with an error line that quotes the request line.
    const tooLarge = await send(`/api/applications/${page}/withdraw`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(2 * 1024 * 1024, 32),
    });
    expect(tooLarge.status).toBe(413);
    const resetTooLarge = await send(`/adminlogin?reset=${reset}`, {
      method: 'POST',
      body: Buffer.alloc(2 * 1024 * 1024, 32),
    });
    expect(resetTooLarge.status).toBe(413);
    // The last request's lines are written before the next one is served.
    expect((await send('/api/health')).status).toBe(200);

    const nginxLog = readFileSync(path.join(nginx!.dir, 'edgecraft.access.log'), 'utf8');
    for (const line of [
      '"GET /application/:token HTTP/1.1" 200',
      '"GET /api/applications/:token HTTP/1.1" 200',
      '"GET /api/applications/:token/export HTTP/1.1" 200',
      '"POST /api/applications/:token/withdraw HTTP/1.1" 200',
      '"GET /api/alerts/:token HTTP/1.1" 200',
      '"POST /api/alerts/:token/confirm HTTP/1.1" 200',
      '"POST /api/alerts/:token/unsubscribe HTTP/1.1" 200',
      '"GET /adminlogin HTTP/1.1" 404',
      '"DELETE /api/applications/:token HTTP/1.1" 200',
      '"POST /api/alerts HTTP/1.1" 202',
    ])
      expect(nginxLog).toContain(line);
    const serverLog = site!.output.slice(serverLinesBefore).join('\n');
    expect(serverLog).toContain('"path":"/api/applications/:token/export"');
    expect(serverLog).toContain('"path":"/api/alerts/:token/confirm"');
    const errorLogs = [path.join(nginx!.dir, 'error.log'), path.join(nginx!.dir, 'edgecraft.error.log')].map((file) =>
      existsSync(file) ? readFileSync(file, 'utf8') : '',
    );
    for (const log of [nginxLog, serverLog, ...errorLogs, nginx!.output.join('\n')])
      for (const token of [page, alert, reset]) expect(log).not.toContain(token);
  });
});

describe('deploy/edgecraft.service', () => {
  it('runs what `npm run serve` runs', () => {
    const unit = readFileSync('deploy/edgecraft.service', 'utf8');
    const execStart = /^ExecStart=(\S+) (.+)$/m.exec(unit);
    const serve = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts[
      'serve'
    ];
    expect(execStart?.[1]).toMatch(/\/node$/);
    expect(`node ${execStart?.[2]}`).toBe(serve);
  });
});
