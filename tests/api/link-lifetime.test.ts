/**
 * Private-page and job-alert links stop working after LINK_IDLE_DAYS without use, and a new
 * "send me my link" mail leaves no older link working.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPageMessages as m } from '~/lib/schemas/application-page';
import { jobAlertMessages } from '~/lib/job-alerts';
import { defaultApiConfig } from '~/server/config';
import { migrateToLatest, openDatabase } from '~/server/db';
import { migrateTo } from '~/server/db/migrations';
import { parseApiEnv } from '~/server/env';
import {
  applicationForm,
  apply,
  call,
  createJobViaApi,
  processStorage,
  setupApi,
  type TestApi,
} from '../../support/api';

const DAY_MS = 86_400_000;
const IDLE_DAYS = defaultApiConfig.linkIdleDays;

/** The app's clock, from now (the admin token is signed now); tests move it forward. */
let clock = new Date();
const later = (days: number) => (clock = new Date(clock.getTime() + days * DAY_MS));

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

/** Every token the mails to `email` carried after `marker`, oldest first. */
async function mailedTokens(email: string, marker: string): Promise<string[]> {
  const rows = await api.db
    .selectFrom('outbox')
    .select('text_body')
    .where('recipient', '=', email)
    .orderBy('id')
    .execute();
  return rows.flatMap((r) =>
    [...r.text_body.matchAll(new RegExp(`${marker}([A-Za-z0-9_-]{43})`, 'g'))].map((x) => x[1]!),
  );
}

async function applyAs(email: string): Promise<string> {
  expect((await apply(api, applicationForm(jobId, { email }))).status).toBe(201);
  return (await mailedTokens(email, '/application/')).at(-1)!;
}

const openPage = (token: string) => call(api.app, 'GET', `/api/applications/${token}`);

describe('link lifetime', () => {
  it('is 90 days without use by default, and LINK_IDLE_DAYS sets it', () => {
    expect(IDLE_DAYS).toBe(90);
    expect(parseApiEnv({ LINK_IDLE_DAYS: '30' }).LINK_IDLE_DAYS).toBe(30);
  });

  it('keeps a private-page link working while it is used, and ends it after that many days unused', async () => {
    const token = await applyAs('idle@example.org');
    later(IDLE_DAYS - 1);
    expect((await openPage(token)).status).toBe(200);
    // Counted from the last use, not from the mail.
    later(IDLE_DAYS - 1);
    expect((await openPage(token)).status).toBe(200);
    later(IDLE_DAYS + 1);
    const idle = await openPage(token);
    expect(idle.status).toBe(404);
    expect(await idle.json()).toEqual({ message: m.notFound });
  });

  it('ends a job-alert link after that many days unused, except to unsubscribe', async () => {
    expect((await call(api.app, 'POST', '/api/alerts', { json: { email: 'alert-idle@example.org' } })).status).toBe(
      202,
    );
    const [token] = await mailedTokens('alert-idle@example.org', '/alerts/confirm#');
    expect((await call(api.app, 'POST', `/api/alerts/${token}/confirm`)).status).toBe(200);
    later(IDLE_DAYS - 1);
    expect((await call(api.app, 'GET', `/api/alerts/${token}`)).status).toBe(200);
    later(IDLE_DAYS + 1);
    const idle = await call(api.app, 'GET', `/api/alerts/${token}`);
    expect(idle.status).toBe(404);
    expect(await idle.json()).toEqual({ message: jobAlertMessages.notFound });
    expect((await call(api.app, 'POST', `/api/alerts/${token}/confirm`)).status).toBe(404);
    expect((await call(api.app, 'POST', `/api/alerts/${token}/unsubscribe`)).status).toBe(200);
    expect(
      await api.db.selectFrom('job_alerts').select('id').where('email_key', '=', 'alert-idle@example.org').execute(),
    ).toEqual([]);
  });

  it('"send me my link" leaves one working link per application: the one it mails', async () => {
    const receipt = await applyAs('resend@example.org');
    const [applicant] = await api.db
      .selectFrom('applicants')
      .select('id')
      .where('email_key', '=', 'resend@example.org')
      .execute();
    expect(
      (await call(api.app, 'POST', '/api/applications/link', { json: { email: 'resend@example.org' } })).status,
    ).toBe(202);
    await expect.poll(async () => (await mailedTokens('resend@example.org', '/application/')).length).toBe(2);
    const resent = (await mailedTokens('resend@example.org', '/application/')).at(-1)!;
    expect((await openPage(resent)).status).toBe(200);
    expect((await openPage(receipt)).status).toBe(404);
    const stored = await api.db
      .selectFrom('application_tokens')
      .select('token_hash')
      .where('applicant_id', '=', applicant!.id)
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe('migration 0034_token_last_use', () => {
  it('counts a token issued before it as used when it was issued', async () => {
    const storage = await processStorage('token-last-use');
    const handle = openDatabase({
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl || undefined,
      poolSize: 2,
    });
    try {
      const raw = handle.db as unknown as Kysely<unknown>;
      await migrateTo(raw, handle.kind, '0032_job_alert_reminders');
      const issued = '2026-10-01T08:00:00.000Z';
      await sql`insert into job_alerts (email, email_key, department, created_at, confirmed_at, expires_at)
        values ('old@example.org', 'old@example.org', null, ${issued}, ${issued}, '2027-10-01T08:00:00.000Z')`.execute(
        raw,
      );
      await sql`insert into job_alert_tokens (token_hash, alert_id, created_at)
        select 'hash', id, ${issued} from job_alerts`.execute(raw);
      await migrateToLatest(raw, handle.kind);
      const rows = await handle.db.selectFrom('job_alert_tokens').select('last_used_at').execute();
      expect(rows).toEqual([{ last_used_at: issued }]);
    } finally {
      await handle.close();
      await storage.remove();
    }
  });
});
