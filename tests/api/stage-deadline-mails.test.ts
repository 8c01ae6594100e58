import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { openDatabase } from '~/server/db';
import { scheduleStageDeadlines } from '~/server/features/stage-deadlines';
import { silentLogger } from '~/server/logger';
import { appliedId, apply, applicationForm, callAsAdminAt, setupApi, validJob, type TestApi } from '../../support/api';

const DAY_MS = 86_400_000;
const APPLIED_AT = new Date('2027-03-01T09:00:00.000Z');
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

const daysLater = (days: number, ms = 0) => new Date(APPLIED_AT.getTime() + days * DAY_MS + ms);
const asAdmin = (method: string, url: string, json?: unknown) => callAsAdminAt(api, clock, method, url, json);
async function applied(email: string, name = 'Asha Rao'): Promise<number> {
  clock = APPLIED_AT;
  return appliedId(api, await apply(api, applicationForm(jobId, { email, name })));
}
const mailsOf = async (kind: 'stage_update' | 'overdue_digest') =>
  api.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'text_body'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
const updatesTo = async (email: string) => (await mailsOf('stage_update')).filter((m) => m.recipient === email);

/** Runs the day's mails `times` from two instances at once (their own connections on PostgreSQL). */
async function runRacing(times = 1) {
  const other = api.databaseUrl
    ? openDatabase({ dataDir: api.dataDir, databaseUrl: api.databaseUrl, poolSize: 2 })
    : null;
  const instances = [api.db, other?.db ?? api.db].map((db) =>
    scheduleStageDeadlines(db, defaultApiConfig.mail, silentLogger, () => clock),
  );
  try {
    for (let i = 0; i < times; i += 1) await Promise.all(instances.map((instance) => instance.run()));
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await other?.close();
  }
}

describe('stage deadline mails', () => {
  it('tells an overdue applicant once per stage, with the date we expect to answer by, and never a rejection', async () => {
    const id = await applied('waiting@example.com', 'Meera Iyer');
    clock = daysLater(7, -1);
    await runRacing();
    expect(await updatesTo('waiting@example.com')).toEqual([]);

    clock = daysLater(7);
    await runRacing(2);
    const [update, ...more] = await updatesTo('waiting@example.com');
    expect(more).toEqual([]);
    expect(update?.subject).toBe(`Your application for ${validJob.title}`);
    expect(update?.text_body).toContain('Dear Meera');
    expect(update?.text_body).toContain(`Your application for ${validJob.title} is still with us.`);
    // Applied lasts 7 days by default: the next answer is due 7 days after the deadline passed.
    expect(update?.text_body).toContain('We expect to answer you by 15 March 2027.');
    expect(update?.text_body.toLowerCase()).not.toContain('reject');

    clock = daysLater(9);
    await runRacing();
    expect(await updatesTo('waiting@example.com')).toHaveLength(1);
    const status = await asAdmin('GET', `/api/applicants/${id}`);
    expect(((await status.json()) as { applicant: { status: string } }).applicant.status).toBe('pending');

    expect((await asAdmin('PUT', `/api/applicants/${id}/status`, { status: 'shortlisted' })).status).toBe(200);
    clock = daysLater(9 + 10);
    await runRacing(2);
    expect(await updatesTo('waiting@example.com')).toHaveLength(2);
  });

  it('uses the team’s “Stage update” template when there is one', async () => {
    await applied('templated@example.com', 'Ravi Kumar');
    const saved = await asAdmin('POST', '/api/mail-templates', {
      name: 'Stage update',
      subject: 'News on {{jobTitle}}',
      body: 'Hello {{firstName}}, we are still reading applications for {{jobTitle}}.',
    });
    expect(saved.status).toBe(201);
    clock = daysLater(8);
    await runRacing();
    const [update] = await updatesTo('templated@example.com');
    expect(update?.subject).toBe(`News on ${validJob.title}`);
    expect(update?.text_body).toContain(`Hello Ravi, we are still reading applications for ${validJob.title}.`);
    expect(update?.text_body).toContain('We expect to answer you by');
  });

  it('sends nothing for Hired, Rejected or Withdrawn, nor to or about an erased applicant', async () => {
    const hired = await applied('hired@example.com');
    const rejected = await applied('rejected@example.com');
    const withdrawn = await applied('withdrawn@example.com');
    await api.db.updateTable('applicants').set({ status: 'withdrawn' }).where('id', '=', withdrawn).execute();
    await applied('erased@example.com');
    await applied('erased-later@example.com');
    expect((await asAdmin('PUT', `/api/applicants/${hired}/status`, { status: 'hired' })).status).toBe(200);
    expect(
      (await asAdmin('PUT', `/api/applicants/${rejected}/status`, { status: 'rejected', reason: 'skills' })).status,
    ).toBe(200);
    const erase = async (email: string) => expect((await asAdmin('POST', '/api/erasure', { email })).status).toBe(200);
    await erase('erased@example.com');
    clock = daysLater(30);
    await runRacing();
    for (const email of ['hired@example.com', 'rejected@example.com', 'withdrawn@example.com', 'erased@example.com'])
      expect(await updatesTo(email)).toEqual([]);
    // Queued but not yet sent: erasure withdraws it like every other mail about the person.
    expect(await updatesTo('erased-later@example.com')).toHaveLength(1);
    await erase('erased-later@example.com');
    expect(await updatesTo('erased-later@example.com')).toEqual([]);
  });
});

describe('the daily digest to the hiring team', () => {
  it('lists who is overdue, at which stage and since when, once a day to every member who reviews applicants', async () => {
    clock = daysLater(40);
    const before = (await mailsOf('overdue_digest')).length;
    await runRacing(2);
    const digests = (await mailsOf('overdue_digest')).slice(before);
    expect(digests.map((d) => d.recipient)).toEqual([api.admin.email]);
    const [digest] = digests;
    expect(digest?.subject).toMatch(/^\d+ applicants are waiting past their stage deadline$/);
    expect(digest?.text_body).toContain(`Meera Iyer: Screening for ${validJob.title}, overdue since 20 March 2027`);
    expect(digest?.text_body).toContain('/admin?overdue=1#applicants');
    expect(digest?.text_body).not.toContain('hired@example.com');

    clock = daysLater(41);
    await runRacing();
    expect((await mailsOf('overdue_digest')).slice(before)).toHaveLength(2);
  });
});
