import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { STAGE_DEADLINE_DEFAULT_DAYS } from '~/lib/stage-deadlines';
import { appliedId, apply, applicationForm, callAsAdminAt, setupApi, validJob, type TestApi } from '../../support/api';

const DAY_MS = 86_400_000;
const APPLIED_AT = new Date('2027-03-01T09:00:00.000Z');
/** The app's clock, moved by the tests. */
let clock = APPLIED_AT;
let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
  jobId = ((await (await asAdmin('POST', '/api/job', validJob)).json()) as { job: { id: number } }).job.id;
});
afterAll(async () => {
  await api.close();
});

const RANGE = 'Days must be a whole number from 1 to 365';
const daysLater = (days: number, ms = 0) => new Date(APPLIED_AT.getTime() + days * DAY_MS + ms);

/** A call as the admin, with a token signed at the app's clock. */
const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);
async function listed(id: number): Promise<Applicant | undefined> {
  const res = await asAdmin('GET', '/api/applicants');
  expect(res.status).toBe(200);
  return ((await res.json()) as { applicants: Applicant[] }).applicants.find((a) => a.id === id);
}
async function applied(email: string): Promise<number> {
  clock = APPLIED_AT;
  return appliedId(api, await apply(api, applicationForm(jobId, { email })));
}

describe('stage deadlines', () => {
  it('marks an applicant overdue once Applied has lasted its 7 default days, and a move starts the next stage’s days', async () => {
    const id = await applied('waiting@example.com');
    const dueAt = daysLater(STAGE_DEADLINE_DEFAULT_DAYS.pending).toISOString();
    expect(await listed(id)).toMatchObject({ dueAt, overdue: false });

    clock = daysLater(7, -1);
    expect(await listed(id)).toMatchObject({ dueAt, overdue: false });
    clock = daysLater(7);
    expect(await listed(id)).toMatchObject({ dueAt, overdue: true });

    const moved = await asAdmin('PUT', `/api/applicants/${id}/status`, { status: 'shortlisted' });
    expect(moved.status).toBe(200);
    const screeningDue = daysLater(7 + 10).toISOString();
    expect(((await moved.json()) as { applicant: Applicant }).applicant).toMatchObject({
      dueAt: screeningDue,
      overdue: false,
    });
    clock = daysLater(7 + 10);
    expect(await listed(id)).toMatchObject({ dueAt: screeningDue, overdue: true });
  });

  it('never marks Hired, Rejected or Withdrawn, however long ago', async () => {
    const id = await applied('done@example.com');
    clock = daysLater(1);
    expect(
      (await asAdmin('PUT', `/api/applicants/${id}/status`, { status: 'rejected', reason: 'experience' })).status,
    ).toBe(200);
    clock = daysLater(400);
    expect(await listed(id)).toMatchObject({ status: 'rejected', dueAt: null, overdue: false });
  });

  it('takes the owners’ days per stage, refuses days out of range and keeps what was saved', async () => {
    clock = APPLIED_AT;
    expect(await (await asAdmin('GET', '/api/admins/stage-deadlines')).json()).toEqual({
      days: { pending: 7, shortlisted: 10, interview: 14, offer: 7 },
    });
    const days = { pending: 3, shortlisted: 10, interview: 14, offer: 7 };
    const saved = await asAdmin('PUT', '/api/admins/stage-deadlines', days);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ message: 'Stage deadlines saved', days });

    for (const bad of [0, 366, 2.5, '5']) {
      const res = await asAdmin('PUT', '/api/admins/stage-deadlines', { ...days, interview: bad });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(RANGE);
    }
    expect(await (await asAdmin('GET', '/api/admins/stage-deadlines')).json()).toEqual({ days });

    const id = await applied('quick@example.com');
    clock = daysLater(3);
    expect(await listed(id)).toMatchObject({ dueAt: daysLater(3).toISOString(), overdue: true });
    const audit = await api.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'team.stage_deadlines_set')
      .execute();
    expect(audit).toEqual([
      { summary: 'set stage deadlines to pending 3 days, shortlisted 10 days, interview 14 days, offer 7 days' },
    ]);
    expect((await asAdmin('PUT', '/api/admins/stage-deadlines', STAGE_DEADLINE_DEFAULT_DAYS)).status).toBe(200);
  });

  it('exports only the overdue applicants as CSV with overdue=1', async () => {
    const late = await applied('late-csv@example.com');
    clock = daysLater(5);
    await appliedId(api, await apply(api, applicationForm(jobId, { email: 'fresh-csv@example.com' })));
    clock = daysLater(8);
    const all = await (await asAdmin('GET', '/api/applicants.csv')).text();
    const overdue = await (await asAdmin('GET', '/api/applicants.csv?overdue=1')).text();
    expect(all).toContain('fresh-csv@example.com');
    expect(overdue).toContain('late-csv@example.com');
    expect(overdue).not.toContain('fresh-csv@example.com');
    expect(await listed(late)).toMatchObject({ overdue: true });
    expect((await asAdmin('GET', '/api/applicants.csv?overdue=yes')).status).toBe(400);
  });
});
