/** The public job list answers what the database holds at that moment, whoever changed it and however. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '~/lib/schemas';
import { openDatabase, type DbHandle } from '~/server/db';
import { call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
/** A second connection to the same database, as the admin CLI or another instance has. */
let other: DbHandle;
beforeAll(async () => {
  api = await setupApi();
  other = openDatabase({ dataDir: api.dataDir, databaseUrl: api.databaseUrl });
});
afterAll(async () => {
  await other.close();
  await api.close();
});

async function listed(headers: Record<string, string> = {}) {
  const res = await call(api.app, 'GET', '/api/job', { headers });
  const titles = res.status === 200 ? ((await res.json()) as { jobs: Job[] }).jobs.map((job) => job.title) : null;
  return { status: res.status, etag: res.headers.get('etag') ?? '', titles };
}

describe('the public job list', () => {
  it('shows a vacancy renamed through another connection on the next request, with a new ETag', async () => {
    await createJobViaApi(api, { title: 'Edge AI Engineer' });
    const before = await listed();
    expect(before.titles).toEqual(['Edge AI Engineer']);
    await other.db
      .updateTable('jobs')
      .set({ title: 'Renamed Elsewhere' })
      .where('title', '=', 'Edge AI Engineer')
      .execute();
    const after = await listed({ 'If-None-Match': before.etag });
    expect(after).toMatchObject({ status: 200, titles: ['Renamed Elsewhere'] });
    expect(after.etag).not.toBe(before.etag);
  });

  it('drops a vacancy the server closes outside the job routes on the next request', async () => {
    const before = await listed();
    await api.db.updateTable('jobs').set({ closed_at: new Date().toISOString() }).execute();
    expect(await listed({ 'If-None-Match': before.etag })).toMatchObject({ status: 200, titles: [] });
  });

  it('answers 304 to its ETag while nothing changed', async () => {
    await createJobViaApi(api, { title: 'Firmware Engineer' });
    const { etag } = await listed();
    expect((await listed({ 'If-None-Match': etag })).status).toBe(304);
    expect((await listed({ 'If-None-Match': etag })).status).toBe(304);
  });
});
