import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  validApplicant,
  validJob,
  type TestApi,
  appliedId,
} from '../../support/api';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi();
  jobId = (await createJobViaApi(api, { title: 'Canary Job' })).id;
  expect((await apply(api, applicationForm(jobId, { email: 'canary@example.com' }))).status).toBe(201);
});
afterAll(async () => {
  await api.close();
});

/** Everything stored, to prove hostile requests change nothing they should not. */
async function snapshot() {
  const [jobs, applicants, messages, admins] = await Promise.all([
    api.db.selectFrom('jobs').selectAll().orderBy('id').execute(),
    api.db.selectFrom('applicants').selectAll().orderBy('id').execute(),
    api.db.selectFrom('contact_messages').selectAll().orderBy('id').execute(),
    api.db.selectFrom('admins').select(['id', 'email', 'password_hash']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ jobs, applicants, messages, admins });
}

const HOSTILE = [
  "' OR '1'='1",
  '1; DROP TABLE applicants; --',
  "Robert'); DELETE FROM jobs; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'x'.repeat(10_000),
  'nul\u0000byte',
  '\ud800 lone surrogate',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
];

const IDS = ['-1', '0', '99999999999999999999', '2147483648', '1e3', 'abc', '1.5', '%27%20OR%201=1', '%00'];

describe('hostile input never gives a 5xx and never changes other rows', () => {
  it.each(HOSTILE.map((s) => [s.slice(0, 40), s]))('application fields: %s', async (_label, hostile) => {
    const before = await snapshot();
    for (const field of Object.keys(validApplicant) as (keyof typeof validApplicant)[]) {
      const res = await apply(api, applicationForm(jobId, { email: `h${field}@example.com`, [field]: hostile }));
      expect(res.status, `${field}`).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      if (res.status === 201) {
        const applicant = { id: await appliedId(api, res) };
        await call(api.app, 'DELETE', `/api/applicants/${applicant.id}`, { token: api.token });
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it.each(HOSTILE.map((s) => [s.slice(0, 40), s]))('job, login and contact JSON: %s', async (_label, hostile) => {
    const before = await snapshot();
    const requests = [
      call(api.app, 'PUT', `/api/job/${jobId}`, {
        token: api.token,
        json: { ...validJob, title: hostile, description: hostile, salaryRange: hostile },
      }),
      call(api.app, 'POST', '/api/admin', { json: { email: hostile, password: hostile } }),
      call(api.app, 'POST', '/api/contact', {
        json: { name: hostile, email: hostile, subject: hostile, message: hostile },
      }),
      call(api.app, 'PUT', `/api/applicants/1/status`, { token: api.token, json: { status: hostile } }),
    ];
    for (const res of await Promise.all(requests)) expect(res.status).toBeLessThan(500);
    // A successful job update (allowed lengths) is the only permitted change; restore and compare.
    await call(api.app, 'PUT', `/api/job/${jobId}`, { token: api.token, json: { ...validJob, title: 'Canary Job' } });
    const after = JSON.parse(await snapshot()) as { jobs: { updated_at: string }[] };
    const was = JSON.parse(before) as { jobs: { updated_at: string }[] };
    after.jobs.forEach((j, i) => (j.updated_at = was.jobs[i]?.updated_at ?? ''));
    expect(JSON.stringify(after)).toBe(before);
  });

  it('stores HTML as inert text and returns it unchanged as JSON', async () => {
    const res = await call(api.app, 'POST', '/api/contact', {
      json: {
        name: '<b>Eve</b>',
        email: 'eve@example.com',
        subject: '<script>alert(1)</script>',
        message: "'; DROP TABLE jobs; --",
      },
    });
    expect(res.status).toBe(201);
    const list = await call(api.app, 'GET', '/api/messages', { token: api.token });
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    const { messages } = (await list.json()) as { messages: { subject: string; message: string }[] };
    expect(messages[0]).toMatchObject({ subject: '<script>alert(1)</script>', message: "'; DROP TABLE jobs; --" });
    expect((await call(api.app, 'GET', '/api/job')).status).toBe(200);
  });

  it('rejects NUL characters with 400 instead of failing in the database', async () => {
    const res = await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Eve', email: 'eve@example.com', subject: 'a\u0000b', message: 'hello' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Text must not contain NUL characters',
      errors: { subject: 'Text must not contain NUL characters' },
    });
  });

  it('decodes non-UTF-8 bytes in JSON and multipart without a 5xx', async () => {
    const bad = new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]); // {"name":"\xff\xfe\xc3"}
    const json = await call(api.app, 'POST', '/api/contact', {
      body: bad,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const form = applicationForm(jobId, { email: 'bytes@example.com' });
    form.set('name', new Blob([new Uint8Array([0xff, 0xfe, 0x41, 0x42])]) as unknown as string);
    const multipart = await apply(api, form);
    expect(multipart.status).toBeLessThan(500);
  });

  it.each(IDS)('id %s on every id route answers 404 or 400, never 5xx', async (id) => {
    const before = await snapshot();
    const routes: [string, string, unknown][] = [
      ['GET', `/api/job/${id}`, undefined],
      ['PUT', `/api/job/${id}`, validJob],
      ['DELETE', `/api/job/${id}`, undefined],
      ['PUT', `/api/applicants/${id}/status`, { status: 'shortlisted' }],
      ['DELETE', `/api/applicants/${id}`, undefined],
      ['GET', `/api/applicants/${id}/download`, undefined],
      ['DELETE', `/api/messages/${id}`, undefined],
    ];
    for (const [method, url, json] of routes) {
      const res = await call(api.app, method, url, { token: api.token, json });
      expect([400, 404], `${method} ${url}`).toContain(res.status);
    }
    for (const jobIdValue of [id, '-5', '99999999999999999999', '']) {
      const res = await apply(api, applicationForm(jobIdValue, { email: 'ids@example.com' }));
      expect([400, 404]).toContain(res.status);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers JSON 404 to unknown API paths and methods', async () => {
    const res = await call(api.app, 'PATCH', '/api/job/1');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
    expect((await call(api.app, 'GET', '/api/nope')).status).toBe(404);
  });

  it('answers 413 to a JSON body over 64 KB before parsing it', async () => {
    const res = await call(api.app, 'POST', '/api/contact', {
      json: { name: 'x', email: 'a@b.co', subject: 's', message: 'm'.repeat(70 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body too large' });
  });

  it('answers 413 from Content-Length alone, without waiting for the body', async () => {
    const res = await api.app.request('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 * 1024) },
      body: '{}',
    });
    expect(res.status).toBe(413);
  });
});
