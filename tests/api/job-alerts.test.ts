import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobAlertMessages as m, type JobAlertView } from '~/lib/job-alerts';
import { requestMessages } from '~/lib/schemas';
import { defaultApiConfig } from '~/server/config';
import { listUnsubscribeHeaders } from '~/server/mail/transport';
import { createLogger, silentLogger } from '~/server/logger';
import { purgeExpired } from '~/server/retention/purge';
import { scheduleRetention } from '~/server/retention/schedule';
import { scheduleClosingDays } from '~/server/features/jobs/closing-days';
import { remindEndingJobAlerts } from '~/server/features/job-alerts';
import { signToken } from '~/server/services/jwt';
import {
  applicationForm,
  apply,
  appliedId,
  call,
  createJobViaApi,
  setupApi,
  validJob,
  type TestApi,
} from '../../support/api';
import { readZip } from '../helpers/zip';

const SITE = 'https://www.edgecraft.test';
const EVIL = 'https://evil.example';
const DAY_MS = 86_400_000;

/** The app's clock; tests move it forward. */
let clock = new Date('2026-11-28T10:00:00.000Z');
let api: TestApi;
beforeAll(async () => {
  api = await setupApi({
    config: {
      trustProxy: true,
      mail: { ...defaultApiConfig.mail, siteUrl: SITE },
      rateLimits: { contactPerIp: { max: 3, windowMs: 60_000 } },
    },
    now: () => clock,
  });
  // Alerts name a department some vacancy has.
  for (const department of ['Engineering', 'Design', 'Sales']) await publish(department, `${department} Lead`);
});
afterAll(async () => {
  await api.close();
});
beforeEach(async () => {
  await api.db.deleteFrom('job_alerts').execute();
  await api.db.deleteFrom('outbox').execute();
});

/** An admin token valid at the app's clock. */
const admin = async () =>
  (await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 3600, clock)).token;

let ip = 0;
/** Each subscription from its own network unless `from` says otherwise, so the limit is met only where meant. */
const subscribe = (body: unknown, from = `198.51.100.${++ip}`, headers: Record<string, string> = {}) =>
  call(api.app, 'POST', '/api/alerts', { json: body, headers: { 'X-Forwarded-For': from, ...headers } });

const mailsTo = (email: string) =>
  api.db
    .selectFrom('outbox')
    .select(['kind', 'subject', 'text_body', 'list_unsubscribe'])
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();

/** How many job alerts to `email` the outbox holds, sent or not. */
const alertsTo = async (email: string) => (await mailsTo(email)).filter((r) => r.kind === 'job_alert').length;
/** Marks every queued mail sent, as the worker would. */
const markSent = () => api.db.updateTable('outbox').set({ status: 'sent' }).execute();

/** The token of the last link of `path` ('confirm' or 'unsubscribe') in the mails to `email`. */
async function tokenIn(email: string, path: 'confirm' | 'unsubscribe'): Promise<string> {
  const bodies = (await mailsTo(email)).map((r) => r.text_body).join('\n');
  const tokens = [...bodies.matchAll(new RegExp(`/alerts/${path}#([A-Za-z0-9_-]{43})`, 'g'))].map((x) => x[1]);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no ${path} link mailed to ${email}`);
  return token;
}

async function confirmedSubscriber(email: string, department?: string): Promise<void> {
  expect((await subscribe(department === undefined ? { email } : { email, department })).status).toBe(202);
  const res = await call(api.app, 'POST', `/api/alerts/${await tokenIn(email, 'confirm')}/confirm`);
  expect(res.status).toBe(200);
}

const publish = async (department: string, title = 'Firmware Engineer') =>
  createJobViaApi({ ...api, token: await admin() }, { department, title });

/** Makes every insert into the outbox fail, as a database refusing writes would; the returned function undoes it. */
async function outboxRefusesMail(): Promise<() => Promise<void>> {
  if (api.dbKind === 'sqlite') {
    await sql`CREATE TRIGGER outbox_refuses BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refuses'); END`.execute(
      api.db,
    );
    return async () => {
      await sql`DROP TRIGGER outbox_refuses`.execute(api.db);
    };
  }
  await sql`CREATE FUNCTION outbox_refuses() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refuses'; END $$`.execute(
    api.db,
  );
  await sql`CREATE TRIGGER outbox_refuses BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_refuses()`.execute(
    api.db,
  );
  return async () => {
    await sql`DROP FUNCTION outbox_refuses() CASCADE`.execute(api.db);
  };
}

describe('job alerts', () => {
  it('subscribing queues only the confirmation mail and stores only the token hash', async () => {
    const res = await subscribe({ email: 'asha@example.org', department: 'Engineering' });
    expect(res.status).toBe(202);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.json()).toEqual({ message: m.subscribed });
    const mails = await mailsTo('asha@example.org');
    expect(mails.map((r) => r.kind)).toEqual(['job_alert_confirm']);
    expect(mails[0]?.list_unsubscribe).toBeNull();
    const token = await tokenIn('asha@example.org', 'confirm');
    const stored = await api.db.selectFrom('job_alert_tokens').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends no alert before the confirmation link is followed', async () => {
    expect((await subscribe({ email: 'ravi@example.org' })).status).toBe(202);
    await confirmedSubscriber('confirmed@example.org');
    await publish('Engineering');
    expect((await mailsTo('ravi@example.org')).map((r) => r.kind)).toEqual(['job_alert_confirm']);
    expect((await mailsTo('confirmed@example.org')).map((r) => r.kind)).toEqual(['job_alert_confirm', 'job_alert']);
  });

  it('after confirmation a matching vacancy sends exactly one mail with both List-Unsubscribe headers', async () => {
    await confirmedSubscriber('lena@example.org', 'Engineering');
    const job = await publish('engineering', 'Edge ML Engineer');
    const alerts = (await mailsTo('lena@example.org')).filter((r) => r.kind === 'job_alert');
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert?.subject).toContain('Edge ML Engineer');
    expect(alert?.text_body).toContain(`${SITE}/career/jobs/${job.id}-edge-ml-engineer`);
    const oneClick = alert?.list_unsubscribe ?? '';
    expect(oneClick).toMatch(new RegExp(`^${SITE}/api/alerts/[A-Za-z0-9_-]{43}/unsubscribe$`));
    expect(listUnsubscribeHeaders(oneClick)).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The body's unsubscribe link opens the page with a button, carrying the same token.
    const token = await tokenIn('lena@example.org', 'unsubscribe');
    expect(oneClick).toBe(`${SITE}/api/alerts/${token}/unsubscribe`);
  });

  it('a subscriber to every vacancy gets one, a subscriber to another department gets nothing', async () => {
    await confirmedSubscriber('all@example.org');
    await confirmedSubscriber('sales@example.org', 'Sales');
    await publish('Engineering');
    expect((await mailsTo('all@example.org')).filter((r) => r.kind === 'job_alert')).toHaveLength(1);
    expect((await mailsTo('sales@example.org')).filter((r) => r.kind === 'job_alert')).toHaveLength(0);
  });

  it('reopening a closed vacancy alerts again; setting an open one open does not', async () => {
    await confirmedSubscriber('mo@example.org', 'Engineering');
    const job = await publish('Engineering');
    const status = async (value: 'open' | 'closed') =>
      call(api.app, 'PUT', `/api/job/${job.id}/status`, { token: await admin(), json: { status: value } });
    expect((await status('open')).status).toBe(200);
    expect(await alertsTo('mo@example.org')).toBe(1);
    await markSent();
    expect((await status('closed')).status).toBe(200);
    expect((await status('open')).status).toBe(200);
    expect(await alertsTo('mo@example.org')).toBe(2);
  });

  it('withdraws an alert not yet sent when its vacancy closes, reaches its closing date or is deleted; a sent one stays', async () => {
    const email = 'late@example.org';
    await confirmedSubscriber(email, 'Engineering');
    const token = await admin();
    const closed = await publish('Engineering', 'Closed Role');
    expect(await alertsTo(email)).toBe(1);
    const close = await call(api.app, 'PUT', `/api/job/${closed.id}/status`, { token, json: { status: 'closed' } });
    expect(close.status).toBe(200);
    expect(await alertsTo(email)).toBe(0);

    const deleted = await publish('Engineering', 'Deleted Role');
    expect((await call(api.app, 'DELETE', `/api/job/${deleted.id}`, { token })).status).toBe(200);
    expect(await alertsTo(email)).toBe(0);

    const lastDay = clock.toISOString().slice(0, 10);
    const ending = { ...validJob, department: 'Engineering', title: 'Ending Role', closesAt: lastDay };
    expect((await call(api.app, 'POST', '/api/job', { token, json: ending })).status).toBe(201);
    expect(await alertsTo(email)).toBe(1);
    const schedule = scheduleClosingDays(api.db, silentLogger, () => clock);
    const started = clock;
    try {
      clock = new Date(started.getTime() + 2 * DAY_MS);
      await schedule.run();
    } finally {
      await schedule.stop();
      clock = started;
    }
    expect(await alertsTo(email)).toBe(0);

    const sent = await publish('Engineering', 'Sent Role');
    await markSent();
    expect(
      (await call(api.app, 'PUT', `/api/job/${sent.id}/status`, { token, json: { status: 'closed' } })).status,
    ).toBe(200);
    expect(await alertsTo(email)).toBe(1);
  });

  it('two reopenings at the same moment mail each subscriber once', async () => {
    await confirmedSubscriber('twice@example.org', 'Engineering');
    const job = await publish('Engineering');
    const token = await admin();
    const status = (value: 'open' | 'closed') =>
      call(api.app, 'PUT', `/api/job/${job.id}/status`, { token, json: { status: value } });
    expect((await status('closed')).status).toBe(200);
    const answers = await Promise.all([status('open'), status('open')]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    // The first alert was withdrawn unsent when the vacancy closed: one for the reopening.
    expect(await alertsTo('twice@example.org')).toBe(1);
  });

  it('a vacancy whose alert mails cannot be queued is not saved either, and saves once the outbox takes mail again', async () => {
    await confirmedSubscriber('atomic@example.org');
    const jobsBefore = await api.db.selectFrom('jobs').select('id').execute();
    const tokensBefore = await api.db.selectFrom('job_alert_tokens').select('token_hash').execute();
    const restore = await outboxRefusesMail();
    try {
      const res = await call(api.app, 'POST', '/api/job', {
        token: await admin(),
        json: { ...validJob, title: 'Never Announced' },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: requestMessages.internal });
    } finally {
      await restore();
    }
    expect(await api.db.selectFrom('jobs').select('id').execute()).toEqual(jobsBefore);
    expect(await api.db.selectFrom('job_alert_tokens').select('token_hash').execute()).toEqual(tokensBefore);
    await publish('Engineering', 'Announced After All');
    const alerts = (await mailsTo('atomic@example.org')).filter((r) => r.kind === 'job_alert');
    expect(alerts.map((r) => r.subject)).toEqual([expect.stringContaining('Announced After All')]);
  });

  it('the one-click POST unsubscribes with 200, from another site too, and the token then answers 404', async () => {
    await confirmedSubscriber('kim@example.org');
    await publish('Engineering');
    const token = await tokenIn('kim@example.org', 'unsubscribe');
    const res = await call(api.app, 'POST', `/api/alerts/${token}/unsubscribe`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: m.unsubscribed });
    expect(await api.db.selectFrom('job_alerts').select('id').execute()).toEqual([]);
    expect((await call(api.app, 'GET', `/api/alerts/${token}`)).status).toBe(404);
    await publish('Engineering');
    expect((await mailsTo('kim@example.org')).filter((r) => r.kind === 'job_alert')).toHaveLength(1);
  });

  it('reading the unsubscribe link changes nothing: only a POST unsubscribes', async () => {
    await confirmedSubscriber('noor@example.org', 'Design');
    const token = await tokenIn('noor@example.org', 'confirm');
    const res = await call(api.app, 'GET', `/api/alerts/${token}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as JobAlertView).department).toBe('Design');
    expect(await api.db.selectFrom('job_alerts').select('id').execute()).toHaveLength(1);
  });

  it.each([
    ['GET', ''],
    ['POST', '/confirm'],
    ['POST', '/unsubscribe'],
  ])('an unknown token answers %s %s with 404', async (method, suffix) => {
    const res = await call(api.app, method, `/api/alerts/${'x'.repeat(43)}${suffix}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: m.notFound });
  });

  it('refuses a subscription posted from another site with 403 and queues nothing', async () => {
    const res = await subscribe({ email: 'victim@example.org' }, undefined, {
      Origin: EVIL,
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: requestMessages.crossSite });
    expect(await mailsTo('victim@example.org')).toEqual([]);
    const confirm = await call(api.app, 'POST', `/api/alerts/${'x'.repeat(43)}/confirm`, {
      headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(confirm.status).toBe(403);
  });

  it('limits subscriptions per network with 429 and Retry-After', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 3; i++) expect((await subscribe({ email: `n${i}@example.org` }, from)).status).toBe(202);
    const blocked = await subscribe({ email: 'n3@example.org' }, from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mailsTo('n3@example.org')).toEqual([]);
    expect((await subscribe({ email: 'n3@example.org' }, '203.0.113.78')).status).toBe(202);
  });

  it('refuses an invalid address with 400', async () => {
    expect((await subscribe({ email: 'not-an-address' })).status).toBe(400);
  });

  describe('expiry', () => {
    const start = clock;
    afterAll(() => {
      clock = start;
    });

    it('an expired subscription gets nothing and is purged; a renewed one lasts another year', async () => {
      await confirmedSubscriber('old@example.org');
      await confirmedSubscriber('kept@example.org');
      await subscribe({ email: 'never@example.org' });
      // Within the links' idle days, so the confirmation mail's link still renews.
      clock = new Date(start.getTime() + (defaultApiConfig.linkIdleDays - 1) * DAY_MS);
      // The renewal link (the alert mail's "keep my alerts") pushes the expiry a year from now.
      const renew = await call(api.app, 'POST', `/api/alerts/${await tokenIn('kept@example.org', 'confirm')}/confirm`);
      expect(renew.status).toBe(200);
      clock = new Date(start.getTime() + 366 * DAY_MS);
      await publish('Engineering');
      expect((await mailsTo('old@example.org')).filter((r) => r.kind === 'job_alert')).toHaveLength(0);
      expect((await mailsTo('kept@example.org')).filter((r) => r.kind === 'job_alert')).toHaveLength(1);
      const counts = await purgeExpired(api.db, defaultApiConfig.retentionDays, clock);
      expect(counts.jobAlerts).toBe(2);
      const left = await api.db.selectFrom('job_alerts').select('email').execute();
      expect(left.map((r) => r.email)).toEqual(['kept@example.org']);
    });

    it('two weeks before a confirmed subscription ends it gets one reminder, whose link keeps it another year', async () => {
      clock = start;
      await confirmedSubscriber('remind@example.org', 'Engineering');
      // An unconfirmed request ends within the fortnight too, but is never written to again.
      await subscribe({ email: 'unconfirmed@example.org' });
      const settings = { ...defaultApiConfig.mail, siteUrl: SITE };
      const remind = () => remindEndingJobAlerts(api.db, settings, clock);
      const reminders = async () =>
        (await mailsTo('remind@example.org')).filter((r) => r.kind === 'job_alert_reminder');

      clock = new Date(start.getTime() + 350 * DAY_MS);
      expect(await remind()).toBe(0);
      clock = new Date(start.getTime() + 352 * DAY_MS);
      // Two servers running the daily job at once still send one.
      const [first, second] = await Promise.all([remind(), remind()]);
      expect(first + second).toBe(1);
      expect(await remind()).toBe(0);
      const [reminder] = await reminders();
      expect(reminder?.subject).toBe('Your EdgeCraft AI job alerts end on 2027-11-28');
      expect(reminder?.text_body).toContain('Engineering roles');
      expect(reminder?.list_unsubscribe).toMatch(new RegExp(`^${SITE}/api/alerts/[A-Za-z0-9_-]{43}/unsubscribe$`));
      expect((await mailsTo('unconfirmed@example.org')).map((r) => r.kind)).toEqual(['job_alert_confirm']);

      const renewed = await call(
        api.app,
        'POST',
        `/api/alerts/${await tokenIn('remind@example.org', 'confirm')}/confirm`,
      );
      expect(renewed.status).toBe(200);
      const [alert] = await api.db
        .selectFrom('job_alerts')
        .select('expires_at')
        .where('email', '=', 'remind@example.org')
        .execute();
      expect(alert?.expires_at).toBe(new Date(clock.getTime() + 365 * DAY_MS).toISOString());
      // A year after the renewal, its own reminder.
      clock = new Date(start.getTime() + (352 + 352) * DAY_MS);
      expect(await remind()).toBe(1);
      expect(await reminders()).toHaveLength(2);
    });

    it("the server's daily retention run sends the reminder and logs how many, without the address", async () => {
      clock = start;
      await confirmedSubscriber('daily@example.org');
      clock = new Date(start.getTime() + 360 * DAY_MS);
      const lines: Record<string, unknown>[] = [];
      const logger = createLogger('info', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
      const schedule = scheduleRetention(
        api.db,
        defaultApiConfig.retentionDays,
        defaultApiConfig.mail,
        logger,
        () => clock,
      );
      await schedule.stop();
      // The purge ran first and took the year-old confirmation mail; the reminder is new.
      expect((await mailsTo('daily@example.org')).map((r) => r.kind)).toEqual(['job_alert_reminder']);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'job alert reminders queued', reminders: 1 }));
      expect(JSON.stringify(lines)).not.toContain('daily@example.org');
    });

    it('an unconfirmed subscription is purged after seven days, not before', async () => {
      clock = start;
      await subscribe({ email: 'late@example.org' });
      const token = await tokenIn('late@example.org', 'confirm');
      clock = new Date(start.getTime() + 6 * DAY_MS);
      expect((await purgeExpired(api.db, defaultApiConfig.retentionDays, clock)).jobAlerts).toBe(0);
      clock = new Date(start.getTime() + 8 * DAY_MS);
      expect((await call(api.app, 'POST', `/api/alerts/${token}/confirm`)).status).toBe(404);
      expect((await purgeExpired(api.db, defaultApiConfig.retentionDays, clock)).jobAlerts).toBe(1);
    });
  });

  it('the person export lists the subscription and the erasure deletes it', async () => {
    const email = 'meera@example.org';
    await confirmedSubscriber(email, 'Engineering');
    const job = await publish('Engineering');
    const applied = await apply(api, applicationForm(job.id, { email }));
    expect(applied.status).toBe(201);
    const id = await appliedId(api, applied);
    const res = await call(api.app, 'GET', `/api/applicants/${id}/export`, { token: await admin() });
    expect(res.status).toBe(200);
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      jobAlerts: { department: string | null; confirmedAt: string | null }[];
    };
    expect(person.jobAlerts).toEqual([
      expect.objectContaining({ department: 'Engineering', confirmedAt: clock.toISOString(), remindedAt: null }),
    ]);

    const erased = await call(api.app, 'POST', '/api/erasure', { token: await admin(), json: { email } });
    expect(erased.status).toBe(200);
    expect(await api.db.selectFrom('job_alerts').select('id').where('email_key', '=', email).execute()).toEqual([]);
    expect(await api.db.selectFrom('job_alert_tokens').select('token_hash').execute()).toEqual([]);
  });
});

describe('the careers page form without JavaScript', () => {
  const post = (fields: Record<string, string>, from = `198.51.100.${++ip}`, headers: Record<string, string> = {}) =>
    call(api.app, 'POST', '/api/alerts/form', {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': from, ...headers },
    });

  it('subscribes and sends the browser to the page that says a confirmation mail went out', async () => {
    const res = await post({ email: 'form@example.org', department: 'Design' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SITE}/alerts/subscribe#sent`);
    expect((await mailsTo('form@example.org')).map((r) => r.kind)).toEqual(['job_alert_confirm']);
    const stored = await api.db.selectFrom('job_alerts').select(['department', 'confirmed_at']).execute();
    expect(stored).toEqual([{ department: 'Design', confirmed_at: null }]);
  });

  it('sends an invalid address to the page that says so, and stores nothing', async () => {
    const res = await post({ email: 'nope', department: '' });
    expect(res.headers.get('location')).toBe(`${SITE}/alerts/subscribe#invalid`);
    expect(await api.db.selectFrom('job_alerts').select('id').execute()).toEqual([]);
  });

  it('sends a department no vacancy has to the page that says so, and stores nothing', async () => {
    const res = await post({ email: 'form@example.org', department: 'Verify your mailbox at evil.example' });
    expect(res.headers.get('location')).toBe(`${SITE}/alerts/subscribe#department`);
    expect(await api.db.selectFrom('job_alerts').select('id').execute()).toEqual([]);
    expect(await mailsTo('form@example.org')).toEqual([]);
  });

  it('is refused from another site and limited per network like the JSON route', async () => {
    const cross = await post({ email: 'victim@example.org' }, undefined, {
      Origin: EVIL,
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(cross.status).toBe(403);
    const from = '203.0.113.99';
    for (let i = 0; i < 3; i++) expect((await post({ email: `f${i}@example.org` }, from)).status).toBe(303);
    const blocked = await post({ email: 'f3@example.org' }, from);
    expect(blocked.headers.get('location')).toBe(`${SITE}/alerts/subscribe#busy`);
    expect(await mailsTo('f3@example.org')).toEqual([]);
    expect(await mailsTo('victim@example.org')).toEqual([]);
  });
});
