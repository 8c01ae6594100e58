/**
 * Every stage of an application has a maximum retention after its last change of stage: the
 * purge erases each at its limit, and the admin list, the CSV's "Erase on" and the applicant's
 * own page give the same date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_DEFAULT_DAYS } from '~/lib/privacy';
import { APPLICANT_STATUSES, RETENTION_CLASS, type Applicant, type ApplicantStatus } from '~/lib/schemas/applicant';
import type { ApplicationView } from '~/lib/schemas/application-page';
import { purgeExpired } from '~/server/retention/purge';
import { signToken } from '~/server/services/jwt';
import { parseCsv } from '../helpers/csv';
import { apply, appliedId, applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const at = (n: number) => new Date(T0.getTime() + n * 86_400_000);
const days = RETENTION_DEFAULT_DAYS;
const limitOf = (status: ApplicantStatus) => days[RETENTION_CLASS[status]];
/** When each stage's applicant last changed stage, in days from T0. */
const lastMove = (status: ApplicantStatus) => (status === 'pending' ? 0 : status === 'hired' ? 2 : 1);
/** The last moment retention keeps each stage's applicant. */
const deadline = (status: ApplicantStatus) => at(lastMove(status) + limitOf(status));

let api: TestApi;
let clock = T0;
const token = async () =>
  (await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 3600, clock)).token;
/** Each stage's applicant, and the private page link of the one who withdrew. */
const ids = {} as Record<ApplicantStatus, number>;
let withdrawnLink = '';

async function move(id: number, status: ApplicantStatus) {
  const json = status === 'rejected' ? { status, reason: 'experience' } : { status };
  const res = await call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: await token(), json });
  expect(res.status).toBe(200);
}

const left = async () =>
  (await api.db.selectFrom('applicants').select('status').orderBy('id').execute()).map((r) => r.status);

beforeAll(async () => {
  api = await setupApi({ now: () => clock });
  const job = await createJobViaApi({ ...api, token: await token() });
  for (const status of APPLICANT_STATUSES) {
    const res = await apply(api, applicationForm(job.id, { email: `${status}@example.com` }));
    expect(res.status).toBe(201);
    ids[status] = await appliedId(api, res);
  }
  clock = at(1);
  for (const status of ['shortlisted', 'interview', 'offer', 'rejected'] as const) await move(ids[status], status);
  // Moved on through every earlier stage on day 1, hired on day 2: the limit counts from the last move.
  for (const status of ['shortlisted', 'interview', 'offer'] as const) await move(ids.hired, status);
  clock = at(2);
  await move(ids.hired, 'hired');
  clock = at(1);
  const receipt = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', 'withdrawn@example.com')
    .where('kind', '=', 'application_received')
    .executeTakeFirstOrThrow();
  withdrawnLink = /\/application\/([A-Za-z0-9_-]{43})/.exec(receipt.text_body)![1]!;
  expect((await call(api.app, 'POST', `/api/applications/${withdrawnLink}/withdraw`)).status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

describe('the erase-on date of every stage', () => {
  it('is the last change of stage plus the stage’s limit, in the admin list and the CSV', async () => {
    const res = await call(api.app, 'GET', '/api/applicants', { token: await token() });
    const { applicants } = (await res.json()) as { applicants: Applicant[] };
    const byStatus = Object.fromEntries(applicants.map((a) => [a.status, a.eraseAt]));
    const csv = parseCsv(await (await call(api.app, 'GET', '/api/applicants.csv', { token: await token() })).text());
    const [header, ...rows] = csv.rows;
    const status = header!.indexOf('Status');
    const eraseOn = header!.indexOf('Erase on');
    const csvByStatus = Object.fromEntries(rows.map((r) => [r[status], r[eraseOn]]));
    for (const s of APPLICANT_STATUSES) {
      expect(byStatus[s], s).toBe(deadline(s).toISOString());
      expect(csvByStatus[s], s).toBe(deadline(s).toISOString().slice(0, 10));
    }
  });

  it('is what the applicant’s own page says, soon after a withdrawal', async () => {
    const view = (await (await call(api.app, 'GET', `/api/applications/${withdrawnLink}`)).json()) as ApplicationView;
    expect(view.eraseAt).toBe(deadline('withdrawn').toISOString());
  });
});

describe('the purge of every stage', () => {
  it('keeps each stage until its limit after the last change of stage and erases it just past it', async () => {
    const moments = [...new Set(APPLICANT_STATUSES.map((s) => deadline(s).getTime()))].sort((a, b) => a - b);
    const gone: ApplicantStatus[] = [];
    for (const moment of moments) {
      const due = APPLICANT_STATUSES.filter((s) => deadline(s).getTime() === moment);
      await purgeExpired(api.db, days, new Date(moment));
      expect(await left(), `at the last moment of ${due.join(', ')}`).toEqual(
        APPLICANT_STATUSES.filter((s) => !gone.includes(s)),
      );
      gone.push(...due);
      await purgeExpired(api.db, days, new Date(moment + 1));
      expect(await left(), `just past the limit of ${due.join(', ')}`).toEqual(
        APPLICANT_STATUSES.filter((s) => !gone.includes(s)),
      );
    }
    expect(await left()).toEqual([]);
    expect(await api.db.selectFrom('resumes').select('applicant_id').execute()).toEqual([]);
  });
});
