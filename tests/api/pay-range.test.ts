import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJob, AdminJobList } from '~/lib/schemas';
import { findOpenApplicationJob } from '~/server/db';
import { call, createJobViaApi, setupApi, validJob, type TestApi } from '../../support/api';

const REFUSAL = {
  message:
    'Open vacancies must state their pay range (pay transparency). Enter the salary range with its currency and period, e.g. ₹18–24 LPA or €60,000–75,000 per year.',
  errors: {
    salaryRange:
      'Open vacancies must state their pay range (pay transparency). Enter the salary range with its currency and period, e.g. ₹18–24 LPA or €60,000–75,000 per year.',
  },
};

const create = (api: TestApi, salaryRange: string | null) =>
  call(api.app, 'POST', '/api/job', { token: api.token, json: { ...validJob, salaryRange } });
const edit = (api: TestApi, id: number, salaryRange: string | null) =>
  call(api.app, 'PUT', `/api/job/${id}`, { token: api.token, json: { ...validJob, salaryRange } });
const setStatus = (api: TestApi, id: number, status: 'open' | 'closed') =>
  call(api.app, 'PUT', `/api/job/${id}/status`, { token: api.token, json: { status } });
async function stored(api: TestApi, id: number): Promise<AdminJob | undefined> {
  const res = await call(api.app, 'GET', '/api/job/all', { token: api.token });
  return ((await res.json()) as { jobs: AdminJob[] }).jobs.find((job) => job.id === id);
}

async function rule(api: TestApi): Promise<boolean> {
  const res = await call(api.app, 'GET', '/api/job/all', { token: api.token });
  return ((await res.json()) as AdminJobList).payRangeRequired;
}

describe('with PAY_RANGE_REQUIRED=true', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi({ config: { payRangeRequired: true } });
  });
  afterAll(async () => {
    await api.close();
  });

  it.each([null, '', 'Competitive', 'Negotiable, depending on experience'])(
    'refuses to publish a vacancy without a pay range it can read (%j), saying why and what to enter',
    async (salaryRange) => {
      const before = (await call(api.app, 'GET', '/api/job/all', { token: api.token }).then((r) => r.json())) as {
        jobs: AdminJob[];
      };
      const res = await create(api, salaryRange);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(REFUSAL);
      const after = (await call(api.app, 'GET', '/api/job/all', { token: api.token }).then((r) => r.json())) as {
        jobs: AdminJob[];
      };
      expect(after.jobs).toHaveLength(before.jobs.length);
    },
  );

  it.each(['₹18–24 LPA', '€60,000–75,000 per year', '$50 per hour'])(
    'publishes one with a pay range: %s',
    async (salaryRange) => {
      const res = await create(api, salaryRange);
      expect(res.status).toBe(201);
    },
  );

  it('refuses an edit that drops the range of an open vacancy and keeps what was saved', async () => {
    const job = await createJobViaApi(api, { salaryRange: '₹18–24 LPA' });
    const res = await edit(api, job.id, '');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(REFUSAL);
    expect(await stored(api, job.id)).toMatchObject({ salaryRange: '₹18–24 LPA', status: 'open' });
  });

  it('lets a closed vacancy go without one, and refuses to reopen it until it has one', async () => {
    const job = await createJobViaApi(api, { salaryRange: '₹18–24 LPA' });
    expect((await setStatus(api, job.id, 'closed')).status).toBe(200);
    expect((await edit(api, job.id, null)).status).toBe(200);

    const reopen = await setStatus(api, job.id, 'open');
    expect(reopen.status).toBe(400);
    expect(await reopen.json()).toEqual(REFUSAL);
    expect(await stored(api, job.id)).toMatchObject({ status: 'closed' });

    expect((await edit(api, job.id, '₹20–26 LPA')).status).toBe(200);
    expect((await setStatus(api, job.id, 'open')).status).toBe(200);
  });

  it('asks nothing of the open-application entry, which advertises no position', async () => {
    const entry = await findOpenApplicationJob(api.db);
    expect((await edit(api, entry!.id, null)).status).toBe(200);
  });

  it('tells the admins’ vacancy list that the rule is on, for the form to say so', async () => {
    expect(await rule(api)).toBe(true);
  });
});

describe('by default', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps the salary optional, and the admins’ vacancy list says so', async () => {
    expect((await create(api, null)).status).toBe(201);
    expect(await rule(api)).toBe(false);
  });
});
