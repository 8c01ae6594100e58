import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPageState } from '~/lib/job-pages';
import { jobPath } from '~/lib/job-posting';
import type { AuditPage } from '~/lib/privacy';
import type { AdminJob, Applicant, Job } from '~/lib/schemas';
import { listJobsWithUpdatedAt } from '~/server/db';
import { jobPagesStoreOf } from '~/server/static/job-pages';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

/** `token: null` sends no token. */
const setStatus = (id: number | string, body: unknown, token: string | null = api.token) =>
  call(api.app, 'PUT', `/api/job/${id}/status`, { json: body, ...(token ? { token } : {}) });

async function publicJobs(): Promise<Job[]> {
  return ((await (await call(api.app, 'GET', '/api/job')).json()) as { jobs: Job[] }).jobs;
}
async function adminJobs(): Promise<AdminJob[]> {
  const res = await call(api.app, 'GET', '/api/job/all', { token: api.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { jobs: AdminJob[] }).jobs;
}

/** The vacancy page's answer, decided by the same store the server hands Astro. */
function pageStatus(job: Pick<Job, 'id' | 'title'>) {
  const path = jobPath(job);
  return jobPageState(jobPagesStoreOf(api.db), path.split('/').at(-1), new URL(path, 'http://localhost'), null);
}

describe('the vacancy page address', () => {
  it.each(['?source=linkedin', '?utm_source=LinkedIn&utm_medium=social', '?source=indeed#apply'])(
    'redirects a short or old address to the canonical one with its query kept: %s',
    async (query) => {
      const job = await createJobViaApi(api, { title: 'Redirected Role' });
      const url = new URL(`/career/jobs/${job.id}-old-title${query}`, 'http://localhost');
      const state = await jobPageState(jobPagesStoreOf(api.db), `${job.id}-old-title`, url, null);
      expect(state).toEqual({ kind: 'redirect', location: `${jobPath(job)}${url.search}` });
    },
  );
});

describe('closing and reopening a vacancy', () => {
  it('closes: off the board, its page and API answer gone, applying is refused, its applicants stay', async () => {
    const job = await createJobViaApi(api, { title: 'Closing Role' });
    expect((await apply(api, applicationForm(job.id, { email: 'early@example.com' }))).status).toBe(201);

    const res = await setStatus(job.id, { status: 'closed' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; job: AdminJob };
    expect(body.message).toBe('Job closed successfully!');
    expect(body.job).toMatchObject({ id: job.id, status: 'closed', closedAt: expect.any(String) });

    expect((await publicJobs()).some((j) => j.id === job.id)).toBe(false);
    expect((await adminJobs()).find((j) => j.id === job.id)).toMatchObject({ status: 'closed' });
    expect((await listJobsWithUpdatedAt(api.db)).some((j) => j.id === job.id)).toBe(false);

    const one = await call(api.app, 'GET', `/api/job/${job.id}`);
    expect(one.status).toBe(410);
    expect(await one.json()).toEqual({ message: 'This vacancy is closed and no longer accepts applications' });
    expect(await pageStatus(job)).toMatchObject({ kind: 'missing', status: 410 });

    const late = await apply(api, applicationForm(job.id, { email: 'late@example.com' }));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      message: 'This vacancy is closed and no longer accepts applications',
      errors: { jobId: 'This vacancy is closed and no longer accepts applications' },
    });

    const list = await call(api.app, 'GET', '/api/applicants', { token: api.token });
    const { applicants } = (await list.json()) as { applicants: Applicant[] };
    expect(applicants.filter((a) => a.jobId === job.id).map((a) => a.email)).toEqual(['early@example.com']);
  });

  it('reopens: listed again, its page answers 200, applications are accepted', async () => {
    const job = await createJobViaApi(api, { title: 'Reopened Role' });
    await setStatus(job.id, { status: 'closed' });
    const res = await setStatus(job.id, { status: 'open' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { message: string; job: AdminJob };
    expect(body.message).toBe('Job reopened successfully!');
    expect(body.job).toMatchObject({ status: 'open', closedAt: null });

    expect((await publicJobs()).some((j) => j.id === job.id)).toBe(true);
    const one = await call(api.app, 'GET', `/api/job/${job.id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(((await one.json()) as { job: object }).job)).not.toContain('status');
    expect(await pageStatus(job)).toMatchObject({ kind: 'job' });
    expect((await apply(api, applicationForm(job.id, { email: 'after@example.com' }))).status).toBe(201);
  });

  it('lists every vacancy to admins with its state, newest first; the public list has no state field', async () => {
    const jobs = await adminJobs();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    for (const job of jobs) expect(['open', 'closed']).toContain(job.status);
    const stamps = jobs.map((j) => j.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    for (const job of await publicJobs()) expect(job).not.toHaveProperty('status');
  });

  it('records closing and reopening in the audit trail', async () => {
    const job = await createJobViaApi(api, { title: 'Audited Role' });
    await setStatus(job.id, { status: 'closed' });
    await setStatus(job.id, { status: 'open' });
    const res = await call(api.app, 'GET', '/api/audit', { token: api.token });
    const { entries } = (await res.json()) as AuditPage;
    expect(entries.slice(0, 2).map((e) => [e.action, e.subjectType, e.subjectId])).toEqual([
      ['job.reopened', 'job', job.id],
      ['job.closed', 'job', job.id],
    ]);
  });

  it('refuses a bad status (400), an unknown job (404) and a request without a token (401)', async () => {
    const job = await createJobViaApi(api);
    for (const body of [{ status: 'archived' }, {}, { status: true }]) {
      const res = await setStatus(job.id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("Status must be 'open' or 'closed'");
    }
    for (const id of ['999999', 'abc', '0']) {
      const res = await setStatus(id, { status: 'closed' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Job not found' });
    }
    expect((await setStatus(job.id, { status: 'closed' }, null)).status).toBe(401);
    expect((await call(api.app, 'GET', '/api/job/all')).status).toBe(401);
  });

  it('deleting a closed vacancy keeps its page gone (410)', async () => {
    const job = await createJobViaApi(api, { title: 'Closed Then Deleted' });
    await setStatus(job.id, { status: 'closed' });
    expect((await call(api.app, 'DELETE', `/api/job/${job.id}`, { token: api.token })).status).toBe(200);
    expect(await pageStatus(job)).toMatchObject({ kind: 'missing', status: 410 });
  });
});
