/**
 * What reaches a real SMTP server when someone uses our forms to mail an address: job-alert
 * confirmations and "send me my link" are bounded per address whatever the client's network, the
 * site caps confirmations an hour, and no visitor text reaches a mail body.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jobAlertMessages } from '~/lib/job-alerts';
import { applicationPageMessages } from '~/lib/schemas/application-page';
import { defaultApiConfig, type ApiConfig, type MailSettings } from '~/server/config';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { startSmtpCapture, type SmtpCapture } from '../../support/smtp';
import { startOutboxWorker } from '../helpers/outbox-worker';

const SITE = 'https://www.edgecraft.test';
const DAY_MS = 86_400_000;

let clock = new Date();
let running: { api: TestApi; smtp: SmtpCapture; close(): Promise<void> } | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** An API behind a trusted proxy whose outbox a worker delivers to a capturing SMTP server. */
async function mailingApi(rateLimits: Partial<ApiConfig['rateLimits']> = {}) {
  clock = new Date();
  const smtp = await startSmtpCapture();
  const settings: MailSettings = { ...defaultApiConfig.mail, smtpUrl: smtp.url, siteUrl: SITE, pollMs: 20 };
  const api = await setupApi({
    config: { trustProxy: true, mail: settings, rateLimits: { ...defaultApiConfig.rateLimits, ...rateLimits } },
    now: () => clock,
  });
  const worker = startOutboxWorker(api, settings, () => clock);
  running = {
    api,
    smtp,
    async close() {
      await worker.stop();
      await smtp.stop();
      await api.close();
    },
  };
  await createJobViaApi(api, { department: 'Engineering' });
  return running;
}

let network = 0;
/** Each request from a network of its own, as a botnet or an IPv6 block would send them. */
const fromAnywhere = () => ({ 'X-Forwarded-For': `10.${(++network >> 8) & 255}.${network & 255}.9` });

/** Every mail the SMTP server took for `email` once the outbox has delivered everything it holds. */
async function deliveredTo(api: TestApi, smtp: SmtpCapture, email: string, subject: RegExp) {
  await expect
    .poll(async () => api.db.selectFrom('outbox').select('id').where('status', '=', 'pending').execute(), {
      timeout: 15_000,
    })
    .toEqual([]);
  return smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.parsed.subject ?? ''));
}

describe('job-alert confirmations', () => {
  it('go to one address once a day, however many networks ask, each answered 202', async () => {
    const { api, smtp } = await mailingApi();
    const statuses = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const res = await call(api.app, 'POST', '/api/alerts', {
        json: { email: 'victim@example.net' },
        headers: fromAnywhere(),
      });
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([202]);
    expect(await deliveredTo(api, smtp, 'victim@example.net', /^Confirm your/)).toHaveLength(1);

    // A day later the request may be made again.
    clock = new Date(clock.getTime() + DAY_MS + 1);
    await call(api.app, 'POST', '/api/alerts', { json: { email: 'victim@example.net' }, headers: fromAnywhere() });
    expect(await deliveredTo(api, smtp, 'victim@example.net', /^Confirm your/)).toHaveLength(2);
  });

  it('stop at the hourly cap for the whole site, still answered 202', async () => {
    const { api, smtp } = await mailingApi({ jobAlertGlobal: { max: 3, windowMs: 3_600_000 } });
    for (let i = 0; i < 5; i++) {
      const res = await call(api.app, 'POST', '/api/alerts', {
        json: { email: `person${i}@example.net` },
        headers: fromAnywhere(),
      });
      expect(res.status).toBe(202);
    }
    await deliveredTo(api, smtp, 'person0@example.net', /^Confirm your/);
    expect(smtp.mails.filter((m) => /^Confirm your/.test(m.parsed.subject ?? ''))).toHaveLength(3);
  });

  it('refuse a department no vacancy has with 400, and name a real one as the vacancies spell it', async () => {
    const { api, smtp } = await mailingApi();
    const phishing = 'security review. Your mailbox is locked: verify at https://evil.example/verify within 24h';
    const refused = await call(api.app, 'POST', '/api/alerts', {
      json: { email: 'phish-target@example.net', department: phishing },
      headers: fromAnywhere(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      message: jobAlertMessages.departmentInvalid,
      errors: { department: jobAlertMessages.departmentInvalid },
    });

    const res = await call(api.app, 'POST', '/api/alerts', {
      json: { email: 'fan@example.net', department: '  ENGINEERING ' },
      headers: fromAnywhere(),
    });
    expect(res.status).toBe(202);
    const [mail] = await deliveredTo(api, smtp, 'fan@example.net', /^Confirm your/);
    expect(mail?.parsed.text).toContain('new Engineering roles');
    expect(mail?.parsed.text).not.toContain('ENGINEERING');
    expect(smtp.mails.filter((m) => m.to.includes('phish-target@example.net'))).toEqual([]);
    const stored = await api.db.selectFrom('job_alerts').select('department').execute();
    expect(stored).toEqual([{ department: 'Engineering' }]);
  });
});

describe('"send me my link"', () => {
  const ask = (api: TestApi, headers: Record<string, string>) =>
    call(api.app, 'POST', '/api/applications/link', { json: { email: 'alice@example.org' }, headers });

  /** Alice with two applications, their receipts delivered. */
  async function alice(api: TestApi, smtp: SmtpCapture): Promise<void> {
    const other = await createJobViaApi(api, { title: 'Firmware Lead' });
    const jobs = await api.db.selectFrom('jobs').select('id').where('kind', '=', 'vacancy').execute();
    for (const { id } of jobs) {
      const res = await apply(api, applicationForm(Number(id), { email: 'alice@example.org' }));
      expect(res.status).toBe(201);
    }
    expect(jobs.map((j) => Number(j.id))).toContain(other.id);
    expect(await deliveredTo(api, smtp, 'alice@example.org', /^We received/)).toHaveLength(2);
  }

  const linkMails = (api: TestApi, smtp: SmtpCapture) =>
    deliveredTo(api, smtp, 'alice@example.org', /application links?$/);

  /**
   * Waits until each of `requests` asked so far has had its outcome: a links mail queued or a
   * line saying the request was dropped (the mail is queued after the answer has left).
   */
  async function settled(api: TestApi, requests: number): Promise<void> {
    const outcomes = async () => {
      const queued = await api.db.selectFrom('outbox').select('id').where('kind', '=', 'application_links').execute();
      const dropped = api.logs.filter((l) => l['msg'] === 'application link request dropped by its rate limit');
      return queued.length + dropped.length;
    };
    await expect.poll(outcomes, { timeout: 15_000 }).toBe(requests);
  }

  it('mails one address once in ten minutes, from one network or thirty, with one audit row', async () => {
    const { api, smtp } = await mailingApi();
    await alice(api, smtp);
    const answers: Response[] = [];
    const oneNetwork = fromAnywhere();
    for (let i = 0; i < 8; i++) answers.push(await ask(api, oneNetwork));
    for (let i = 0; i < 30; i++) answers.push(await ask(api, fromAnywhere()));
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: applicationPageMessages.linkRequested });
    }
    await settled(api, answers.length);
    expect(await linkMails(api, smtp)).toHaveLength(1);
    const audit = await api.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'application.links_sent')
      .execute();
    expect(audit).toHaveLength(1);
    // One working token per application: the receipts' were replaced by the mailed ones.
    expect(await api.db.selectFrom('application_tokens').select('token_hash').execute()).toHaveLength(2);
  });

  it('mails one address at most three times a day', async () => {
    // The ten-minute bound is lifted here, so only the daily one holds.
    const { api, smtp } = await mailingApi({ linkMailPerAddress: { max: 100, windowMs: 600_000 } });
    await alice(api, smtp);
    for (let i = 0; i < 10; i++) {
      expect((await ask(api, fromAnywhere())).status).toBe(202);
      await settled(api, i + 1);
    }
    expect(await linkMails(api, smtp)).toHaveLength(3);
  });
});

describe('a second application for the same position', () => {
  const applyFrom = (api: TestApi, jobId: number, email: string) =>
    call(api.app, 'POST', '/api/applicants/apply', {
      form: applicationForm(jobId, { email }),
      headers: fromAnywhere(),
    });

  it('is answered as a first one, stored once, and its owner is mailed the link to the one we hold', async () => {
    const { api, smtp } = await mailingApi();
    const [job] = await api.db.selectFrom('jobs').select('id').where('kind', '=', 'vacancy').execute();
    const jobId = Number(job!.id);
    const first = await applyFrom(api, jobId, 'owner@example.org');
    const probes: Response[] = [];
    for (let i = 0; i < 5; i++)
      probes.push(await applyFrom(api, jobId, i % 2 ? 'OWNER@example.org' : 'owner@example.org'));
    const firstBody: unknown = await first.json();
    for (const probe of probes) {
      expect(probe.status).toBe(first.status);
      expect(await probe.json()).toEqual(firstBody);
    }
    const stored = await api.db
      .selectFrom('applicants')
      .select('id')
      .where('email_key', '=', 'owner@example.org')
      .execute();
    expect(stored).toHaveLength(1);

    // One mail however many tries (the same bound as "send me my link"), and no second receipt.
    const told = await deliveredTo(api, smtp, 'owner@example.org', /^Your EdgeCraft AI application for /);
    expect(told).toHaveLength(1);
    expect(await deliveredTo(api, smtp, 'owner@example.org', /^We received/)).toHaveLength(1);
    expect(told[0]?.parsed.text).toContain('You have already applied for this position');
    const token = /\/application\/([A-Za-z0-9_-]{43})/.exec(String(told[0]?.parsed.text))?.[1];
    const page = await call(api.app, 'GET', `/api/applications/${token}`);
    expect(page.status).toBe(200);
    expect(((await page.json()) as { jobTitle: string }).jobTitle).toBe('Embedded AI Engineer');
    // The team hears of the application once.
    expect(smtp.mails.filter((m) => /^New application/.test(m.parsed.subject ?? ''))).toHaveLength(1);
  });
});
