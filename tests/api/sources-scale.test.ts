/**
 * The Sources report over 300,000 view rows, a flood of made-up sources as they could pile up
 * before sources were capped: it answers a page of sources and one 'other' row, small, summed by
 * the database, and the API keeps answering meanwhile. Its speed is `npm run bench:sources`'s to measure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcesReport } from '~/lib/sources';
import { call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { floodSource, floodTotal, floodViews, seedViewFlood, type ViewFlood } from '../../support/job-views';

let api: TestApi;
let flood: ViewFlood;

beforeAll(async () => {
  api = await setupApi();
  const jobIds: number[] = [];
  for (const title of ['Flood One', 'Flood Two', 'Flood Three', 'Flood Four']) {
    jobIds.push((await createJobViaApi(api, { title })).id);
  }
  // 4 jobs × 75 days × 1,000 sources: 300,000 rows, every day inside the report's twelve weeks.
  flood = { jobIds, lastDay: new Date().toISOString().slice(0, 10), days: 75, sources: 1_000 };
  await seedViewFlood(api.db, flood);
});
afterAll(async () => {
  await api.close();
});

const report = (query = '') => call(api.app, 'GET', `/api/sources${query}`, { token: api.token });
const sources = (from: number, count: number) => Array.from({ length: count }, (_, i) => floodSource(from + i));
const viewsOf = (from: number, count: number) =>
  sources(from, count).reduce((sum, _source, i) => sum + floodViews(flood, from + i), 0);

describe('the sources report over 300,000 view rows', () => {
  it('answers the top 20 sources and one other row for the rest, in less than 20 KB', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.length).toBeLessThan(20_000);
    const body = JSON.parse(text) as SourcesReport;
    expect(body.bySource.map((row) => row.source)).toEqual(sources(0, 20));
    expect(body.bySource[0]?.views).toBe(floodViews(flood, 0));
    expect(body.total.views).toBe(floodTotal(flood));
    expect(body.other.views).toBe(floodTotal(flood) - viewsOf(0, 20));
    expect(body.nextPage).toBe(2);
  });

  it("pages through one vacancy's sources to the last page", async () => {
    const [first] = flood.jobIds;
    const res = await report(`?job=${first}&page=10&limit=100`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SourcesReport;
    expect(body.bySource.map((row) => row.source)).toEqual(sources(900, 100));
    expect(body.bySource.at(-1)?.views).toBe(floodViews(flood, 999) / flood.jobIds.length);
    expect(body.nextPage).toBeNull();
    expect(body.other.views).toBe((floodTotal(flood) - viewsOf(900, 100)) / flood.jobIds.length);
  });

  it('lets GET /api/health answer while reports are being summed', async () => {
    const [reports, health] = await Promise.all([
      Promise.all([report(), report(`?job=${flood.jobIds[1]}`), report('?page=2')]),
      call(api.app, 'GET', '/api/health'),
    ]);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(reports.map((res) => res.status)).toEqual([200, 200, 200]);
  });
});
