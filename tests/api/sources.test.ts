/**
 * Where applicants come from: the `source` of an application (stored, shown, exported), job page
 * views counted per day and source without anything about the visitor, and the Sources report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { RETENTION_DEFAULT_DAYS } from '~/lib/privacy';
import { sourcesMessages, type SourcesReport } from '~/lib/sources';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { purgeExpired } from '~/server/retention/purge';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';
import { parseCsv } from '../helpers/csv';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VIEWS_PER_HOUR = 6;
const SOURCES_PER_DAY = 3;

let api: TestApi;
/** The server's clock: a Wednesday, moved by the tests that count views on other days. */
let now = new Date('2026-11-25T12:00:00.000Z');
let emails = 0;
/** The test admin's token, issued before the clock's dates (the helper's is issued at the real time). */
let token: string;
/** Signs a token for `adminId`, valid across every date the clock takes. */
const tokenFor = async (adminId: number, tv: number) =>
  (await signToken({ sub: String(adminId), tv }, api.jwtSecret, 90 * 86_400, new Date('2026-11-01T00:00:00.000Z')))
    .token;
const createJob = (title: string) => createJobViaApi({ ...api, token }, { title });

beforeAll(async () => {
  api = await setupApi({
    now: () => now,
    // Each view names its network in X-Forwarded-For, as nginx would.
    config: {
      trustProxy: true,
      viewSourcesPerDay: SOURCES_PER_DAY,
      rateLimits: { jobViewPerIp: { max: VIEWS_PER_HOUR, windowMs: 3_600_000 } },
    },
  });
  token = await tokenFor(api.admin.id, api.admin.tokenVersion);
});
afterAll(async () => {
  await api.close();
});

/** Applies for `jobId` with the multipart field `source` set to `source` (left out when undefined). */
async function applyFrom(jobId: number, source: string | undefined): Promise<number> {
  const form = applicationForm(jobId, { email: `applicant${++emails}@example.com` });
  if (source !== undefined) form.set('source', source);
  const res = await apply(api, form);
  expect(res.status).toBe(201);
  return await appliedId(api, res);
}

const view = (jobId: number | string, body: unknown, userAgent: string | null = BROWSER, ip = '203.0.113.7') =>
  call(api.app, 'POST', `/api/job/${jobId}/view`, {
    json: body,
    headers: { 'X-Forwarded-For': ip, ...(userAgent === null ? {} : { 'User-Agent': userAgent }) },
  });

const report = async (query = '', as = token) => {
  const res = await call(api.app, 'GET', `/api/sources${query}`, { token: as });
  expect(res.status).toBe(200);
  return (await res.json()) as SourcesReport;
};

const viewRows = (jobId: number) =>
  api.db.selectFrom('job_views').selectAll().where('job_id', '=', jobId).orderBy('day').orderBy('source').execute();

describe('the source of an application', () => {
  it('stores the multipart field source and shows it with the applicant and in the list', async () => {
    const job = await createJob('Source Capture');
    const id = await applyFrom(job.id, 'linkedin');

    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token });
    expect(((await detail.json()) as { applicant: Applicant }).applicant.source).toBe('linkedin');
    const list = (await (await call(api.app, 'GET', '/api/applicants', { token })).json()) as {
      applicants: Applicant[];
    };
    expect(list.applicants.find((a) => a.id === id)?.source).toBe('linkedin');
  });

  it.each([
    ['no source at all', undefined],
    ['an empty source', ''],
    ['41 characters', 'a'.repeat(41)],
    ['a space', 'job board'],
    ['markup', '<b>x</b>'],
    ['an underscore', 'uni_board'],
  ])('stores "direct" for %s', async (_case, source) => {
    const job = await createJob('Direct Applications');
    const id = await applyFrom(job.id, source);
    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token });
    expect(((await detail.json()) as { applicant: Applicant }).applicant.source).toBe('direct');
  });

  it('stores a source trimmed and lower-cased', async () => {
    const job = await createJob('Capital Sources');
    const id = await applyFrom(job.id, ' LinkedIn ');
    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token });
    expect(((await detail.json()) as { applicant: Applicant }).applicant.source).toBe('linkedin');
  });

  it('keeps a source of 40 lowercase letters, digits and dashes as sent', async () => {
    const job = await createJob('Longest Source');
    const longest = `uni-board-2026-${'x'.repeat(25)}`;
    const id = await applyFrom(job.id, longest);
    const detail = await call(api.app, 'GET', `/api/applicants/${id}`, { token });
    expect(((await detail.json()) as { applicant: Applicant }).applicant.source).toBe(longest);
  });

  it('is the last column of the CSV export', async () => {
    const job = await createJob('CSV Sources');
    await applyFrom(job.id, 'university-board');
    await applyFrom(job.id, undefined);

    const res = await call(api.app, 'GET', `/api/applicants.csv?jobId=${job.id}`, { token });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(await res.text()).rows;
    expect(header?.at(-1)).toBe('Source');
    expect(rows.map((row) => row.at(-1)).sort()).toEqual(['direct', 'university-board']);
  });
});

describe('job page views', () => {
  it('are counted per day and source, and hold nothing about the visitor', async () => {
    const job = await createJob('Counted Views');
    now = new Date('2026-11-24T08:00:00.000Z');
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.1')).status).toBe(204);
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.2')).status).toBe(204);
    expect((await view(job.id, {}, BROWSER, '198.51.100.3')).status).toBe(204);
    now = new Date('2026-11-25T23:59:00.000Z');
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.4')).status).toBe(204);
    // An invalid source is counted as direct, like an application's.
    expect((await view(job.id, { source: 'Not Valid!' }, BROWSER, '198.51.100.5')).status).toBe(204);
    now = new Date('2026-11-25T12:00:00.000Z');

    const rows = await viewRows(job.id);
    expect(rows).toEqual([
      { job_id: job.id, day: '2026-11-24', source: 'direct', views: 1 },
      { job_id: job.id, day: '2026-11-24', source: 'linkedin', views: 2 },
      { job_id: job.id, day: '2026-11-25', source: 'direct', views: 1 },
      { job_id: job.id, day: '2026-11-25', source: 'linkedin', views: 1 },
    ]);
    // Counts only: no address, agent, cookie or identifier in the table's columns.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['day', 'job_id', 'source', 'views']);
  });

  it.each([
    ['a search crawler', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['a headless browser', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36'],
    ['a script', 'curl/8.5.0'],
    ['no user agent', null],
  ])('leave out %s', async (_case, userAgent) => {
    const job = await createJob('Bot Views');
    expect((await view(job.id, { source: 'linkedin' }, userAgent)).status).toBe(204);
    expect(await viewRows(job.id)).toEqual([]);
  });

  it('answer 404 for an unknown job, 410 for a closed one and 400 for a bad body, counting nothing', async () => {
    const job = await createJob('Closed Views');
    expect((await view(999_999, {})).status).toBe(404);
    expect((await view('abc', {})).status).toBe(404);
    expect((await view(job.id, { source: 42 })).status).toBe(400);
    const bad = await call(api.app, 'POST', `/api/job/${job.id}/view`, {
      body: 'source=linkedin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': BROWSER },
    });
    expect(bad.status).toBe(415);
    await call(api.app, 'PUT', `/api/job/${job.id}/status`, { token, json: { status: 'closed' } });
    expect((await view(job.id, {})).status).toBe(410);
    expect(await viewRows(job.id)).toEqual([]);
  });

  it('are counted once per network and hour, repeats answering 204 too, and limited per network with Retry-After', async () => {
    const job = await createJob('Limited Views');
    const ip = '192.0.2.99';
    for (let i = 0; i < VIEWS_PER_HOUR; i += 1) expect((await view(job.id, {}, BROWSER, ip)).status).toBe(204);
    const refused = await view(job.id, {}, BROWSER, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await viewRows(job.id)).toEqual([{ job_id: job.id, day: '2026-11-25', source: 'direct', views: 1 }]);
  });

  it('count a network once per job and hour, keeping only a keyed hash of it until the hour is over', async () => {
    const job = await createJob('Once an Hour');
    const other = await createJob('Once an Hour Too');
    // Later than every other test's clock, so the marks table holds only this test's hours.
    now = new Date('2026-11-26T09:10:00.000Z');
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.20')).status).toBe(204);
    expect((await view(job.id, { source: 'indeed' }, BROWSER, '198.51.100.20')).status).toBe(204);
    expect((await view(other.id, { source: 'linkedin' }, BROWSER, '198.51.100.20')).status).toBe(204);
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.21')).status).toBe(204);
    const marks = await api.db.selectFrom('job_view_marks').selectAll().execute();
    expect(marks.filter((m) => m.hour === '2026-11-26T09')).toHaveLength(3);
    expect(marks.every((m) => /^[\w-]{43}$/.test(m.mark))).toBe(true);
    now = new Date('2026-11-26T10:05:00.000Z');
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.100.20')).status).toBe(204);
    now = new Date('2026-11-25T12:00:00.000Z');

    expect(await viewRows(job.id)).toEqual([{ job_id: job.id, day: '2026-11-26', source: 'linkedin', views: 3 }]);
    expect(await viewRows(other.id)).toEqual([{ job_id: other.id, day: '2026-11-26', source: 'linkedin', views: 1 }]);
    const left = await api.db.selectFrom('job_view_marks').select('hour').distinct().execute();
    expect(left).toEqual([{ hour: '2026-11-26T10' }]);
  });

  it(`count a job's views under ${SOURCES_PER_DAY} sources a day, views from further new ones as other`, async () => {
    const job = await createJob('Capped Sources');
    now = new Date('2026-11-24T10:00:00.000Z');
    for (const [i, source] of ['a1', 'a2', 'a3', 'a4', 'a5', 'a2'].entries()) {
      expect((await view(job.id, { source }, BROWSER, `198.51.101.${i}`)).status).toBe(204);
    }
    now = new Date('2026-11-25T12:00:00.000Z');
    expect((await view(job.id, { source: 'a4' }, BROWSER, '198.51.101.9')).status).toBe(204);

    expect(await viewRows(job.id)).toEqual([
      { job_id: job.id, day: '2026-11-24', source: 'a1', views: 1 },
      { job_id: job.id, day: '2026-11-24', source: 'a2', views: 2 },
      { job_id: job.id, day: '2026-11-24', source: 'a3', views: 1 },
      { job_id: job.id, day: '2026-11-24', source: 'other', views: 2 },
      // A new day starts with no sources.
      { job_id: job.id, day: '2026-11-25', source: 'a4', views: 1 },
    ]);
  });

  it('count every one of many concurrent views from new sources, past the cap as other', async () => {
    const job = await createJob('Concurrent Sources');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => view(job.id, { source: `s${i}` }, BROWSER, `198.51.103.${i}`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(204));
    const rows = await viewRows(job.id);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(12);
    expect(rows.find((row) => row.source === 'other')?.views).toBeGreaterThan(0);
  });

  it('are deleted with their job', async () => {
    const job = await createJob('Deleted Views');
    expect((await view(job.id, { source: 'linkedin' }, BROWSER, '198.51.102.1')).status).toBe(204);
    expect(await viewRows(job.id)).toHaveLength(1);
    expect((await call(api.app, 'DELETE', `/api/job/${job.id}`, { token })).status).toBe(200);
    expect(await viewRows(job.id)).toEqual([]);
    expect((await view(job.id, {}, BROWSER, '198.51.102.2')).status).toBe(404);
  });

  it(`are erased by the retention purge ${RETENTION_DEFAULT_DAYS.views} days after their day`, async () => {
    const job = await createJob('Old Views');
    await api.db
      .insertInto('job_views')
      .values(['2026-08-26', '2026-08-27'].map((day) => ({ job_id: job.id, day, source: 'linkedin', views: 4 })))
      .execute();
    // 90 days before 25 November at noon is 27 August at noon: the 26th is past, the 27th is kept whole.
    const counts = await purgeExpired(api.db, defaultApiConfig.retentionDays, now);
    expect(counts.views).toBe(1);
    expect(await viewRows(job.id)).toEqual([{ job_id: job.id, day: '2026-08-27', source: 'linkedin', views: 4 }]);
  });
});

describe('the sources report', () => {
  let first: { id: number };
  let second: { id: number };
  /** Moves an applicant through `stages` as a recruiter would. */
  const moveThrough = async (id: number, ...stages: string[]) => {
    for (const status of stages) {
      const json = status === 'rejected' ? { status, reason: 'experience' } : { status };
      expect((await call(api.app, 'PUT', `/api/applicants/${id}/status`, { token, json })).status).toBe(200);
    }
  };

  beforeAll(async () => {
    first = await createJob('Report One');
    second = await createJob('Report Two');
    // Last week (Monday 16 November): 4 LinkedIn views and 2 applications, one moved on to hired.
    now = new Date('2026-11-17T10:00:00.000Z');
    for (let i = 0; i < 4; i += 1) await view(first.id, { source: 'linkedin' }, BROWSER, `10.0.1.${i}`);
    await moveThrough(await applyFrom(first.id, 'linkedin'), 'shortlisted', 'interview', 'offer', 'hired');
    await applyFrom(first.id, 'linkedin');
    // This week: 2 direct views and 1 direct application, rejected without screening; 1 university
    // view and application, screened and then rejected.
    now = new Date('2026-11-25T12:00:00.000Z');
    for (let i = 0; i < 2; i += 1) await view(first.id, {}, BROWSER, `10.0.2.${i}`);
    await moveThrough(await applyFrom(first.id, undefined), 'rejected');
    await view(first.id, { source: 'uni-board' }, BROWSER, '10.0.3.1');
    await moveThrough(await applyFrom(first.id, 'uni-board'), 'shortlisted', 'rejected');
    // Another vacancy: 5 LinkedIn views, no application.
    for (let i = 0; i < 5; i += 1) await view(second.id, { source: 'linkedin' }, BROWSER, `10.0.4.${i}`);
  });

  it('counts views, applications and those who ever reached screening (hired or rejected since) by source, with rates', async () => {
    const body = await report(`?job=${first.id}`);
    expect(body.jobId).toBe(first.id);
    expect(body.from).toBe('2026-09-07');
    expect(body.bySource).toEqual([
      { source: 'linkedin', views: 4, applications: 2, reachedScreening: 1, applyRate: 0.5, screeningRate: 0.5 },
      { source: 'direct', views: 2, applications: 1, reachedScreening: 0, applyRate: 0.5, screeningRate: 0 },
      { source: 'uni-board', views: 1, applications: 1, reachedScreening: 1, applyRate: 1, screeningRate: 1 },
    ]);
    expect(body.total).toEqual({
      views: 7,
      applications: 4,
      reachedScreening: 2,
      applyRate: 4 / 7,
      screeningRate: 0.5,
    });
  });

  it('counts the same by week, twelve weeks from Monday to Monday, the current one last', async () => {
    const { byWeek } = await report(`?job=${first.id}`);
    expect(byWeek).toHaveLength(12);
    expect(byWeek[0]?.week).toBe('2026-09-07');
    expect(byWeek.slice(-2)).toEqual([
      { week: '2026-11-16', views: 4, applications: 2, reachedScreening: 1, applyRate: 0.5, screeningRate: 0.5 },
      { week: '2026-11-23', views: 3, applications: 2, reachedScreening: 1, applyRate: 2 / 3, screeningRate: 0.5 },
    ]);
    expect(byWeek[0]).toEqual({
      week: '2026-09-07',
      views: 0,
      applications: 0,
      reachedScreening: 0,
      applyRate: null,
      screeningRate: null,
    });
  });

  it('adds every vacancy together without a job, and answers 404 for a malformed one', async () => {
    const all = await report();
    expect(all.jobId).toBeNull();
    const linkedin = all.bySource.find((row) => row.source === 'linkedin');
    // Views of the second vacancy count; earlier tests' LinkedIn views and applications do too.
    expect(linkedin?.views).toBeGreaterThanOrEqual(4 + 5);
    const secondOnly = await report(`?job=${second.id}`);
    expect(secondOnly.bySource).toEqual([
      { source: 'linkedin', views: 5, applications: 0, reachedScreening: 0, applyRate: 0, screeningRate: null },
    ]);
    expect((await call(api.app, 'GET', '/api/sources?job=abc', { token })).status).toBe(404);
  });

  it('lists a page of sources, every source not on it together as other, and pages on', async () => {
    const job = await createJob('Many Sources');
    const board = (n: number) => `board-${String(n).padStart(2, '0')}`;
    // 25 sources with 25 down to 1 views, and 7 views counted as other.
    await api.db
      .insertInto('job_views')
      .values([
        ...Array.from({ length: 25 }, (_, i) => ({
          job_id: job.id,
          day: '2026-11-24',
          source: board(i + 1),
          views: 25 - i,
        })),
        { job_id: job.id, day: '2026-11-24', source: 'other', views: 7 },
      ])
      .execute();
    const boards = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => board(from + i));

    const first = await report(`?job=${job.id}`);
    expect(first.bySource.map((row) => row.source)).toEqual(boards(1, 20));
    expect(first.other).toEqual({
      views: 5 + 4 + 3 + 2 + 1 + 7,
      applications: 0,
      reachedScreening: 0,
      applyRate: 0,
      screeningRate: null,
    });
    expect([first.page, first.nextPage]).toEqual([1, 2]);
    expect(first.total.views).toBe((25 * 26) / 2 + 7);

    const second = await report(`?job=${job.id}&page=2`);
    expect(second.bySource.map((row) => row.source)).toEqual(boards(21, 25));
    // 'other' is every source this page does not show: the rows and it add up to the total.
    expect(second.other.views).toBe(first.total.views - (5 + 4 + 3 + 2 + 1));
    expect([second.page, second.nextPage]).toEqual([2, null]);

    const short = await report(`?job=${job.id}&limit=10`);
    expect(short.bySource.map((row) => row.source)).toEqual(boards(1, 10));
    expect(short.other.views).toBe((15 * 16) / 2 + 7);

    for (const query of ['page=0', 'page=abc', 'limit=0', 'limit=101']) {
      const res = await call(api.app, 'GET', `/api/sources?job=${job.id}&${query}`, { token });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: sourcesMessages.badPage });
    }
  });

  it('is readable by viewers and refused without a token', async () => {
    const row = await insertAdmin(
      api.db,
      'viewer@example.com',
      await hashPassword('a long password 42'),
      new Date(),
      'viewer',
    );
    expect((await report(`?job=${first.id}`, await tokenFor(row.id, row.token_version))).total.applications).toBe(4);
    expect((await call(api.app, 'GET', '/api/sources')).status).toBe(401);
  });
});
