import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_FEED_PATHS } from '~/lib/job-feeds';
import { jobPageHead, jobPageState } from '~/lib/job-pages';
import { jobPath } from '~/lib/job-posting';
import type { AdminJob, Job } from '~/lib/schemas';
import { listJobsWithUpdatedAt, openDatabase } from '~/server/db';
import { scheduleClosingDays } from '~/server/features/jobs/closing-days';
import { createLogger } from '~/server/logger';
import { jobPagesStoreOf } from '~/server/static/job-pages';
import { apply, applicationForm, call, callAsAdminAt, setupApi, validJob, type TestApi } from '../../support/api';

/** The app's clock, moved by the tests. */
let clock = new Date('2027-01-05T10:00:00.000Z');
let api: TestApi;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
});
afterAll(async () => {
  await api.close();
});

const INVALID = 'Closing date must be a date such as 2026-06-30, or left empty';
const PAST = 'Closing date must be today or later: the vacancy closes at the end of that day (UTC)';

/** A call as the admin, with a token signed at the app's clock. */
const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);
const create = (changes: Record<string, unknown>) => asAdmin('POST', '/api/job', { ...validJob, ...changes });
const edit = (id: number, changes: Record<string, unknown>) =>
  asAdmin('PUT', `/api/job/${id}`, { ...validJob, ...changes });
const setStatus = (id: number, status: 'open' | 'closed') => asAdmin('PUT', `/api/job/${id}/status`, { status });
async function created(changes: Record<string, unknown>): Promise<Job> {
  const res = await create(changes);
  expect(res.status).toBe(201);
  return ((await res.json()) as { job: Job }).job;
}
async function adminJob(id: number): Promise<AdminJob | undefined> {
  const res = await asAdmin('GET', '/api/job/all');
  return ((await res.json()) as { jobs: AdminJob[] }).jobs.find((job) => job.id === id);
}
const publicIds = async () =>
  ((await (await call(api.app, 'GET', '/api/job')).json()) as { jobs: Job[] }).jobs.map((job) => job.id);
const pageOf = (job: Job) => {
  const path = jobPath(job);
  return jobPageState(jobPagesStoreOf(api.db), path.split('/').at(-1), new URL(path, 'http://localhost'), null);
};
const closingAudits = async (id: number) =>
  api.db
    .selectFrom('audit_log')
    .select(['action', 'summary', 'admin_id'])
    .where('subject_type', '=', 'job')
    .where('subject_id', '=', id)
    .where('action', '=', 'job.closed')
    .execute();

describe('a vacancy’s closing date (closesAt)', () => {
  it('is saved, listed, cleared, and shown to Google as validThrough', async () => {
    const job = await created({ title: 'Closing Date Role', closesAt: '2027-02-28' });
    expect(job.closesAt).toBe('2027-02-28');
    expect(await adminJob(job.id)).toMatchObject({ closesAt: '2027-02-28', status: 'open' });
    const listed = (await (await call(api.app, 'GET', '/api/job')).json()) as { jobs: Job[] };
    expect(listed.jobs.find((j) => j.id === job.id)?.closesAt).toBe('2027-02-28');

    const page = await pageOf(job);
    expect(page.kind).toBe('job');
    if (page.kind !== 'job') return;
    const posting = JSON.parse(jobPageHead(page.job, 'https://www.example.com').jsonLd) as Record<string, unknown>;
    expect(posting['validThrough']).toBe('2027-02-28T23:59:59.999Z');

    expect((await edit(job.id, { title: 'Closing Date Role', closesAt: '' })).status).toBe(200);
    expect(await adminJob(job.id)).toMatchObject({ closesAt: null });
    const again = await pageOf(job);
    if (again.kind !== 'job') throw new Error(again.kind);
    expect(JSON.parse(jobPageHead(again.job, 'https://www.example.com').jsonLd)).not.toHaveProperty('validThrough');
  });

  it.each(['2027-02-30', '28/02/2027', '2027-2-8', 20270228])('refuses %j, saying what to enter', async (closesAt) => {
    const res = await create({ closesAt });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { closesAt: INVALID } });
  });

  it('refuses a day already over for an open vacancy, takes today, and saves nothing refused', async () => {
    const res = await create({ title: 'Too Late', closesAt: '2027-01-04' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: PAST, errors: { closesAt: PAST } });
    const job = await created({ title: 'Today Only', closesAt: '2027-01-05' });
    const late = await edit(job.id, { title: 'Today Only', closesAt: '2027-01-01' });
    expect(late.status).toBe(400);
    expect(await adminJob(job.id)).toMatchObject({ closesAt: '2027-01-05' });
  });
});

describe('closing at the end of the closing day', () => {
  it('closes it once the day is over (UTC): off the board, feeds and sitemap, its page 410, applying refused', async () => {
    clock = new Date('2027-01-06T09:00:00.000Z');
    const job = await created({ title: 'Ends Friday', closesAt: '2027-01-08' });
    const logs: Record<string, unknown>[] = [];
    const logger = createLogger('info', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
    const schedule = scheduleClosingDays(api.db, logger, () => clock);
    try {
      clock = new Date('2027-01-08T23:59:59.999Z');
      await schedule.run();
      expect(await adminJob(job.id)).toMatchObject({ status: 'open' });

      clock = new Date('2027-01-09T00:00:00.000Z');
      await schedule.run();
      expect(await adminJob(job.id)).toMatchObject({ status: 'closed', closedAt: '2027-01-09T00:00:00.000Z' });
    } finally {
      await schedule.stop();
    }
    expect(await publicIds()).not.toContain(job.id);
    expect((await listJobsWithUpdatedAt(api.db)).map((j) => j.id)).not.toContain(job.id);
    for (const path of Object.values(JOB_FEED_PATHS))
      expect(await (await call(api.app, 'GET', path)).text()).not.toContain(`Ends Friday`);
    expect(await pageOf(job)).toMatchObject({ kind: 'missing', status: 410 });
    expect((await apply(api, applicationForm(job.id, { email: 'late@example.com' }))).status).toBe(409);
    expect(await closingAudits(job.id)).toEqual([
      { action: 'job.closed', summary: 'closed on its closing date', admin_id: null },
    ]);
    const closings = logs.filter((l) => l['msg'] === 'vacancies closed on their closing date');
    expect(closings.filter((l) => (l['jobs'] as number[]).includes(job.id))).toHaveLength(1);
  });

  it('closes each vacancy once when two instances run at the same moment', async () => {
    clock = new Date('2027-01-10T08:00:00.000Z');
    const jobs = await Promise.all(
      ['First', 'Second', 'Third'].map((title) => created({ title: `${title} Twin`, closesAt: '2027-01-10' })),
    );
    // A second instance with its own connections on PostgreSQL; SQLite serves one instance, whose two runs share its connection.
    const other = api.databaseUrl
      ? openDatabase({ dataDir: api.dataDir, databaseUrl: api.databaseUrl, poolSize: 2 })
      : null;
    const logs: Record<string, unknown>[] = [];
    const logger = createLogger('info', (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
    const instances = [
      scheduleClosingDays(api.db, logger, () => clock),
      scheduleClosingDays(other?.db ?? api.db, logger, () => clock),
    ];
    try {
      clock = new Date('2027-01-11T00:00:00.000Z');
      await Promise.all(instances.map((instance) => instance.run()));
      await Promise.all(instances.map((instance) => instance.run()));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await other?.close();
    }
    for (const job of jobs) {
      expect(await adminJob(job.id)).toMatchObject({ status: 'closed' });
      expect(await closingAudits(job.id)).toHaveLength(1);
    }
    const closedIds = logs
      .filter((l) => l['msg'] === 'vacancies closed on their closing date')
      .flatMap((l) => l['jobs'] as number[]);
    expect(closedIds.sort()).toEqual(jobs.map((job) => job.id).sort());
    expect(logs.filter((l) => l['msg'] === 'closing vacancies failed')).toEqual([]);
  });

  it('refuses to reopen a vacancy whose closing date has passed until the date moves', async () => {
    clock = new Date('2027-01-12T08:00:00.000Z');
    const job = await created({ title: 'Reopen Later', closesAt: '2027-01-12' });
    expect((await setStatus(job.id, 'closed')).status).toBe(200);
    clock = new Date('2027-01-13T08:00:00.000Z');
    const res = await setStatus(job.id, 'open');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'This vacancy’s closing date has passed. Set a later closing date, or clear it, then reopen it.',
    });
    expect(await adminJob(job.id)).toMatchObject({ status: 'closed' });
    expect((await edit(job.id, { title: 'Reopen Later', closesAt: '2027-01-31' })).status).toBe(200);
    expect((await setStatus(job.id, 'open')).status).toBe(200);
  });
});
