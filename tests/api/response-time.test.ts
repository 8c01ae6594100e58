import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedId,
  apply,
  applicationForm,
  call,
  callAsAdminAt,
  setupApi,
  validJob,
  type TestApi,
} from '../../support/api';

const HOUR_MS = 3_600_000;
const START = new Date('2027-05-03T08:00:00.000Z');
let clock = START;
let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
  jobId = ((await (await asAdmin('POST', '/api/job', validJob)).json()) as { job: { id: number } }).job.id;
});
afterAll(async () => {
  await api.close();
});

const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);
const at = (hours: number) => new Date(START.getTime() + hours * HOUR_MS);
const figure = async () => {
  const res = await call(api.app, 'GET', '/api/career/response-time');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  return ((await res.json()) as { medianHours: number | null }).medianHours;
};

/** An application at `appliedHour` that the team moves to Screening `replyHours` later (or never, with null). */
async function application(n: number, appliedHour: number, replyHours: number | null) {
  clock = at(appliedHour);
  const id = await appliedId(api, await apply(api, applicationForm(jobId, { email: `median${n}@example.com` })));
  if (replyHours === null) return;
  clock = at(appliedHour + replyHours);
  expect((await asAdmin('PUT', `/api/applicants/${id}/status`, { status: 'shortlisted' })).status).toBe(200);
}

describe('the public median time to a first reply', () => {
  it('stays hidden below ten applications in the last 90 days, then shows the median of the first replies, daily', async () => {
    // Nine applications: replies after 2, 4, …, 16 hours, and one still waiting.
    for (let n = 1; n <= 8; n += 1) await application(n, n, n * 2);
    await application(9, 9, null);
    clock = at(24);
    expect(await figure()).toBeNull();

    await application(10, 25, 1);
    // Computed once a day: the figure of the day's first request stands until the next day.
    clock = at(30);
    expect(await figure()).toBeNull();
    clock = at(48);
    // Replies after 1, 2, 4, …, 16 hours (the waiting one has none yet): the median of nine is 8.
    expect(await figure()).toBe(8);

    // A reply by mail counts from when it was sent, before any change of stage: the waiting one hears back after 2 hours.
    await api.db
      .updateTable('outbox')
      .set({ kind: 'applicant_message', status: 'sent', sent_at: at(11).toISOString() })
      .where('subject_key', '=', 'median9@example.com')
      .where('kind', '=', 'application_received')
      .execute();
    clock = at(72);
    // Replies after 1, 2, 2, 4, …, 16 hours: the median of ten is (6 + 8) / 2.
    expect(await figure()).toBe(7);

    // 90 days after the first eight applied they leave the window, and the figure hides again.
    clock = at(90 * 24 + 9);
    expect(await figure()).toBeNull();
  });
});
