/**
 * The outbox against a real SMTP server in this process: the mails an application, a contact
 * message and a status change produce (recipients, subjects, Reply-To, escaped content, admin
 * link), refusals and outages retried with backoff, failed mails retried by an admin, and no mail
 * for data that was rolled back.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList } from '~/lib/schemas';
import { defaultApiConfig, type MailSettings } from '~/server/config';
import { getJobById, isUniqueViolation } from '~/server/db';
import { insertApplicantWithResume } from '../../support/seed-applicants';
import { applicationMails, type OutboxWorker } from '~/server/mail';
import { pdfBytes } from '../../support/files';
import { applicationForm, apply, appliedId, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { startOutboxWorker } from '../helpers/outbox-worker';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from '../../support/smtp';

/** Waits for a state the worker reaches on its own; a busy two-core machine can take seconds. */
const poll = <T>(fn: () => Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 50 });

const SITE = 'https://careers.example.org';
const HIRING = 'hiring@example.org';
const SALES = 'sales@example.org';

let smtp: SmtpCapture;
let api: TestApi;
let worker: OutboxWorker | null = null;
let settings: MailSettings;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  settings = {
    ...defaultApiConfig.mail,
    smtpUrl: smtp.url,
    from: 'EdgeCraft AI <no-reply@example.org>',
    hiringTeam: HIRING,
    sales: SALES,
    siteUrl: SITE,
    // Backoff shortened for the tests: the same schedule logic, in milliseconds.
    retryDelaysMs: [150, 150],
    pollMs: 50,
    leaseMs: 10_000,
  };
  api = await setupApi({
    config: {
      mail: settings,
      rateLimits: { ...defaultApiConfig.rateLimits, contactPerIp: { max: 1000, windowMs: 60_000 } },
    },
  });
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
  smtp.mode = 'accept';
  smtp.mails.length = 0;
});
afterAll(async () => {
  await smtp.stop();
  await api.close();
});

/** A worker on this file's settings; `retryDelaysMs` and a clock of its own when a test must hold a state. */
function startWorker(options: { retryDelaysMs?: number[]; now?: () => Date } = {}): OutboxWorker {
  const own = { ...settings, ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}) };
  worker = startOutboxWorker(api, own, options.now);
  return worker;
}

async function outbox(): Promise<OutboxList> {
  const res = await call(api.app, 'GET', '/api/outbox', { token: api.token });
  expect(res.status).toBe(200);
  return (await res.json()) as OutboxList;
}

const onlyTo = (mails: CapturedMail[], address: string) => mails.filter((m) => m.to.includes(address));
const replyTo = (mail: CapturedMail) => mail.parsed.replyTo?.value.map((a) => a.address);

describe('mails through the outbox', () => {
  it('tells the hiring team and the applicant about an application, escaping what the applicant wrote', async () => {
    const job = await createJobViaApi(api, { title: 'Edge <ML> Engineer & Lead' });
    const coverLetter =
      'I build <script>alert("x")</script> firmware & love it.\nSecond line of the letter, long enough to pass.';
    const res = await apply(api, applicationForm(job.id, { email: 'ada.mail@example.com', coverLetter }));
    expect(res.status).toBe(201);
    const applicant = { id: await appliedId(api, res) };

    startWorker();
    const mails = await smtp.waitFor(2);
    const [team] = onlyTo(mails, HIRING);
    const [receipt] = onlyTo(mails, 'ada.mail@example.com');

    expect(team?.parsed.subject).toBe('New application: Ada Lovelace for Edge <ML> Engineer & Lead');
    expect(team?.parsed.from?.value).toEqual([{ name: 'EdgeCraft AI', address: 'no-reply@example.org' }]);
    expect(team?.parsed.text).toContain('E-mail: ada.mail@example.com');
    expect(team?.parsed.text).toContain('Phone: +91 98765 43210');
    expect(team?.parsed.text).toContain('LinkedIn: https://www.linkedin.com/in/ada-lovelace');
    expect(team?.parsed.text).toContain('> I build <script>alert("x")</script> firmware & love it.');
    const html = String(team?.parsed.html);
    expect(html).toContain('I build &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; firmware &amp; love it.');
    expect(html).toContain('Edge &lt;ML&gt; Engineer &amp; Lead');
    expect(html).not.toContain('<script>');
    const link = `${SITE}/admin?applicant=${applicant.id}#applicants`;
    expect(team?.parsed.text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    expect(team?.parsed.attachments).toEqual([]);

    expect(receipt?.parsed.subject).toBe('We received your application for Edge <ML> Engineer & Lead');
    expect(replyTo(receipt!)).toEqual([HIRING]);
    expect(receipt?.parsed.text).toContain('Thank you for applying, Ada Lovelace');
    expect(receipt?.parsed.text).toContain(HIRING);
    expect(String(receipt?.parsed.html)).toContain('Edge &lt;ML&gt; Engineer &amp; Lead');

    await poll(async () => (await outbox()).counts).toMatchObject({ pending: 0, failed: 0 });
    const { mails: listed } = await outbox();
    expect(listed.slice(0, 2).map((m) => [m.kind, m.status, m.attempts])).toEqual(
      expect.arrayContaining([
        ['new_application', 'sent', 1],
        ['application_received', 'sent', 1],
      ]),
    );
  });

  it('sends a contact message to sales with Reply-To the sender', async () => {
    const res = await call(api.app, 'POST', '/api/contact', {
      json: {
        name: 'Priya <b>R</b>',
        email: 'priya@example.com',
        subject: 'Pilot & pricing',
        message: '<i>Hi</i>\nthere',
      },
    });
    expect(res.status).toBe(201);
    startWorker();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([SALES]);
    expect(mail?.parsed.subject).toBe('New contact message: Pilot & pricing');
    expect(replyTo(mail!)).toEqual(['priya@example.com']);
    expect(mail?.parsed.text).toContain('Name: Priya <b>R</b>');
    expect(String(mail?.parsed.html)).toContain('Priya &lt;b&gt;R&lt;/b&gt;');
    expect(String(mail?.parsed.html)).toContain('&lt;i&gt;Hi&lt;/i&gt;\nthere');
  });

  it('mails the applicant about a status change only when the admin asks for it', async () => {
    const job = await createJobViaApi(api, { title: 'Firmware Engineer' });
    const ids: number[] = [];
    for (const email of ['quiet@example.com', 'told@example.com', 'declined@example.com']) {
      const res = await apply(api, applicationForm(job.id, { email }));
      ids.push(await appliedId(api, res));
    }
    const put = (id: number, body: object) =>
      call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: api.token, json: body });
    expect((await put(ids[0]!, { status: 'shortlisted' })).status).toBe(200);
    expect((await put(ids[1]!, { status: 'shortlisted', notify: true })).status).toBe(200);
    expect((await put(ids[2]!, { status: 'rejected', reason: 'closer_fit', notify: true })).status).toBe(200);
    // Back to pending has no mail, even when asked.
    expect((await put(ids[1]!, { status: 'pending', notify: true })).status).toBe(200);

    startWorker();
    await poll(async () => (await outbox()).counts.pending).toBe(0);
    const statusMails = smtp.mails.filter((m) => !m.to.includes(HIRING) && !/received/.test(m.parsed.subject ?? ''));
    expect(statusMails.map((m) => [m.to[0], m.parsed.subject])).toEqual(
      expect.arrayContaining([
        ['told@example.com', 'You have been shortlisted for Firmware Engineer'],
        ['declined@example.com', 'Your application for Firmware Engineer'],
      ]),
    );
    expect(statusMails).toHaveLength(2);
    expect(statusMails.every((m) => replyTo(m)?.[0] === HIRING)).toBe(true);
    expect(onlyTo(smtp.mails, 'quiet@example.com').map((m) => m.parsed.subject)).toEqual([
      'We received your application for Firmware Engineer',
    ]);
  });

  it('keeps a mail refused for now (451) pending with the server’s answer, and delivers it once the server accepts', async () => {
    smtp.mode = 'defer';
    await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Refused', email: 'refused@example.com', subject: 'Refused once', message: 'Hello' },
    });
    // The next attempt is due an hour later on the worker's clock: the pending state holds until the
    // test moves the clock, however slowly the machine runs.
    let clock = Date.now();
    startWorker({ retryDelaysMs: [3_600_000, 3_600_000], now: () => new Date(clock) });
    await poll(async () =>
      (await outbox()).mails.find((m) => m.subject === 'New contact message: Refused once'),
    ).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    smtp.mode = 'accept';
    clock += 3_600_000;
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe('New contact message: Refused once');
    await poll(async () =>
      (await outbox()).mails.find((m) => m.subject === 'New contact message: Refused once'),
    ).toMatchObject({ status: 'sent', lastError: null });
  });

  it('keeps mail pending while the SMTP server is down and delivers it when it is back', async () => {
    await smtp.stop();
    await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Down', email: 'down@example.com', subject: 'While down', message: 'Hello' },
    });
    startWorker();
    await poll(async () =>
      (await outbox()).mails.find((m) => m.subject === 'New contact message: While down'),
    ).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    await smtp.listen();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe('New contact message: While down');
  });

  it('marks a mail refused for now failed after the last retry, counts it, and sends it again on Retry now', async () => {
    smtp.mode = 'defer';
    await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Failing', email: 'failing@example.com', subject: 'Always refused', message: 'Hello' },
    });
    startWorker();
    const find = async () => (await outbox()).mails.find((m) => m.subject === 'New contact message: Always refused');
    // One first attempt plus one per retry delay.
    await poll(find).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await outbox()).counts.failed).toBe(1);

    const id = (await find())!.id;
    smtp.mode = 'accept';
    const retry = await call(api.app, 'POST', `/api/outbox/${id}/retry`, { token: api.token });
    expect(retry.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.parsed.subject).toBe('New contact message: Always refused');
    await poll(find).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await outbox()).counts.failed).toBe(0);

    // Only a failed mail can be retried; an unknown one is 404.
    const again = await call(api.app, 'POST', `/api/outbox/${id}/retry`, { token: api.token });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Only failed mails can be retried' });
    expect((await call(api.app, 'POST', '/api/outbox/999999/retry', { token: api.token })).status).toBe(404);
    expect((await call(api.app, 'POST', '/api/outbox/abc/retry', { token: api.token })).status).toBe(404);
  });

  it('marks a mail refused for good (550) failed at its first attempt, with the server’s answer', async () => {
    smtp.mode = 'reject';
    await call(api.app, 'POST', '/api/contact', {
      json: { name: 'Bounced', email: 'bounced@example.com', subject: 'Refused for good', message: 'Hello' },
    });
    // Retries an hour apart: a mail still pending after its first attempt would stay pending here.
    startWorker({ retryDelaysMs: [3_600_000, 3_600_000] });
    await poll(async () =>
      (await outbox()).mails.find((m) => m.subject === 'New contact message: Refused for good'),
    ).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('550') });
  });

  it('sends every failed mail again with Retry all failed', async () => {
    smtp.mode = 'reject';
    // Earlier tests of this file may have left failed mails: they are sent again too.
    const before = (await outbox()).counts.failed;
    const subjects = ['First bounce', 'Second bounce'];
    for (const subject of subjects) {
      await call(api.app, 'POST', '/api/contact', {
        json: { name: 'Bounced', email: 'bounced@example.com', subject, message: 'Hello' },
      });
    }
    startWorker();
    await poll(async () => (await outbox()).counts.failed).toBe(before + 2);
    smtp.mode = 'accept';
    const res = await call(api.app, 'POST', '/api/outbox/failed/retry', { token: api.token });
    expect(res.status).toBe(200);
    const count = before + 2;
    expect(await res.json()).toEqual({ message: `${count} failed mails will be sent again shortly.`, count });
    const delivered = (await smtp.waitFor(count)).map((m) => m.parsed.subject);
    for (const subject of subjects) expect(delivered).toContain(`New contact message: ${subject}`);
    await poll(async () => (await outbox()).counts.failed).toBe(0);
    const none = await call(api.app, 'POST', '/api/outbox/failed/retry', { token: api.token });
    expect(await none.json()).toEqual({ message: 'No failed mails to send again.', count: 0 });
    expect((await call(api.app, 'POST', '/api/outbox/failed/retry')).status).toBe(401);
  });

  it('queues no mail for an application that was rolled back', async () => {
    const job = (await getJobById(api.db, (await createJobViaApi(api)).id))!;
    const before = (await outbox()).mails.length;
    const fields = {
      name: 'Twice Applied',
      email: 'twice@example.com',
      phone: '+91 98765 43210',
      linkedin: '',
      coverLetter: 'x'.repeat(60),
    };
    const resume = { kind: 'pdf' as const, mimeType: 'application/pdf', data: pdfBytes(), sha256: 'x' };
    const mails = (a: Parameters<typeof applicationMails>[1]) =>
      applicationMails(settings, a, 'https://example.com/application/x');
    await insertApplicantWithResume(api.db, job, fields, resume, new Date(), null, mails);
    const duplicate = await insertApplicantWithResume(api.db, job, fields, resume, new Date(), null, mails).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect((await outbox()).mails.length).toBe(before + 2);
  });
});

describe('without SMTP_URL', () => {
  let plain: TestApi;
  beforeAll(async () => {
    plain = await setupApi();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('keeps every mail in the outbox as not configured', async () => {
    const job = await createJobViaApi(plain);
    expect((await apply(plain, applicationForm(job.id))).status).toBe(201);
    const res = await call(plain.app, 'GET', '/api/outbox', { token: plain.token });
    const body = (await res.json()) as OutboxList;
    expect(body.configured).toBe(false);
    expect(body.mails.map((m) => [m.kind, m.status])).toEqual([
      ['application_received', 'not configured'],
      ['new_application', 'not configured'],
    ]);
    expect(body.counts).toEqual({ pending: 2, sent: 0, failed: 0, held: 0 });
  });
});
