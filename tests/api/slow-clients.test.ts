/**
 * The real server against clients that stall or vanish mid-upload: stalled uploads hold no
 * application slot and get 408 after the body idle timeout; aborted ones are an info line, not
 * a 500 with a stack. Also: HSTS on every answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_FIELD } from '~/lib/privacy';
import { pdfBytes } from '../../support/files';
import { processStorage, validApplicant } from '../../support/api';
import { createJob } from '../helpers/running-server';
import { rawRequest, uploadHead } from '../helpers/raw-http';
import { startApiServer, type RunningServer } from '../helpers/server';

const ADMIN = { email: 'slow@example.com', password: 'slow clients password' };
const IDLE_SECONDS = 5;

let storage: Awaited<ReturnType<typeof processStorage>>;
let server: RunningServer;
let jobId: number;

beforeAll(async () => {
  storage = await processStorage('slow');
  server = await startApiServer(
    {
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      APPLY_CONCURRENCY: '2',
      BODY_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
    },
    0,
  );
  jobId = await createJob(server.url, ADMIN);
  // The first application also starts the store's worker thread; the timings below are about the rest.
  const first = await fetch(`${server.url}/api/applicants/apply`, {
    method: 'POST',
    body: applicationForm('first@example.com'),
  });
  expect(first.status).toBe(201);
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await storage.remove();
});

function applicationForm(email: string): FormData {
  const form = new FormData();
  form.set('jobId', String(jobId));
  for (const [key, value] of Object.entries({ ...validApplicant, email })) form.set(key, value);
  form.set(CONSENT_FIELD, 'true');
  form.set('resume', new File([pdfBytes(200_000) as Uint8Array<ArrayBuffer>], 'cv.pdf', { type: 'application/pdf' }));
  return form;
}

const STALLED_START = '--rawboundary\r\nContent-Disposition: form-data; name="jobId"\r\n\r\n1';

describe('slow and vanishing clients', () => {
  it('completes 10 real applications while 4 stalled uploads are held open; the stalled get 408 after the idle timeout', async () => {
    const stalled = Array.from({ length: 4 }, () =>
      rawRequest(server.port, uploadHead('/api/applicants/apply', 5_000_000), STALLED_START),
    );
    await Promise.all(stalled.map((s) => s.sent));
    const stalledAt = Date.now();
    let stalledAnswered = 0;
    for (const s of stalled) void s.answer.then(() => stalledAnswered++);

    // With APPLY_CONCURRENCY 2, stalled uploads holding slots would keep these waiting for the 408s.
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(`${server.url}/api/applicants/apply`, {
          method: 'POST',
          body: applicationForm(`real${i}@example.com`),
        });
        return res.status;
      }),
    );
    expect(statuses).toEqual(Array(10).fill(201));
    expect(stalledAnswered).toBe(0);

    for (const s of stalled) {
      const answer = await s.answer; // resolves when the server closes the connection
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('The upload stalled. Please try again.');
    }
    expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
  });

  it('logs an upload the client aborts as an info line without a stack, never as a 500', async () => {
    const before = server.output.length;
    const aborted = rawRequest(server.port, uploadHead('/api/applicants/apply', 2_000_000), STALLED_START);
    await aborted.sent;
    aborted.socket.write('x'.repeat(64 * 1024));
    // An answer on another connection means the server has long taken this request's head in.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    aborted.socket.destroy();
    await expect
      .poll(() => server.output.slice(before).find((l) => l.includes('"request aborted"')), { timeout: 10_000 })
      .toBeTruthy();
    const lines = server.output.slice(before);
    const line = JSON.parse(lines.find((l) => l.includes('"request aborted"')) ?? '{}') as Record<string, unknown>;
    expect(line['level']).toBe('info');
    expect(line['stack']).toBeUndefined();
    expect(lines.filter((l) => l.includes('unhandled error') || l.includes('"level":"error"'))).toEqual([]);
  });

  it('sends HSTS on every answer (SITE_URL is https by default)', async () => {
    for (const url of ['/api/health', '/api/job', '/api/nothing-here']) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    }
  });
});
