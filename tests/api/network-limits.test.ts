import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages, contactMessages, loginMessages } from '~/lib/schemas';
import { applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const contact = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  subject: 'Pilot',
  message: 'Tell me more about IPG.',
};
const sendContact = (api: TestApi, from: string) =>
  call(api.app, 'POST', '/api/contact', { json: contact, headers: { 'X-Forwarded-For': from } });
const applyFrom = (api: TestApi, jobId: number, from: string, email: string) =>
  call(api.app, 'POST', '/api/applicants/apply', {
    form: applicationForm(jobId, { email }),
    headers: { 'X-Forwarded-For': from },
  });

describe('per-network limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi({
      config: {
        trustProxy: true,
        rateLimits: {
          contactPerIp: { max: 2, windowMs: 3_600_000 },
          loginPerIp: { max: 2, windowMs: 3_600_000 },
        },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    expect((await sendContact(api, '2001:db8:1:2::1')).status).toBe(201);
    expect((await sendContact(api, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).status).toBe(201);
    const third = await sendContact(api, '2001:0db8:0001:0002::ffff');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: contactMessages.tooMany });
    expect((await sendContact(api, '2001:db8:1:3::1')).status).toBe(201);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await sendContact(api, '198.51.100.7')).status).toBe(201);
    expect((await sendContact(api, '::ffff:198.51.100.7')).status).toBe(201);
    expect((await sendContact(api, '::ffff:c633:6407')).status).toBe(429);
  });

  it('applies the /64 grouping to the login limit too', async () => {
    const login = (from: string) =>
      call(api.app, 'POST', '/api/admin', {
        json: { email: api.admin.email, password: 'wrong password, twelve+' },
        headers: { 'X-Forwarded-For': from },
      });
    expect((await login('2001:db8:9:9::1')).status).toBe(401);
    expect((await login('2001:db8:9:9::2')).status).toBe(401);
    const third = await login('2001:db8:9:9::3');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: loginMessages.tooManyAttempts });
  });
});

describe('site-wide ceilings', () => {
  let api: TestApi;
  let jobId: number;
  beforeAll(async () => {
    api = await setupApi({
      config: {
        trustProxy: true,
        rateLimits: {
          contactPerIp: { max: 100, windowMs: 3_600_000 },
          contactGlobal: { max: 2, windowMs: 3_600_000 },
          applyPerIp: { max: 100, windowMs: 3_600_000 },
          applyGlobal: { max: 2, windowMs: 3_600_000 },
        },
      },
    });
    jobId = (await createJobViaApi(api)).id;
  });
  afterAll(async () => {
    await api.close();
  });

  it('refuses applications from every network once the hourly ceiling is reached, storing nothing', async () => {
    expect((await applyFrom(api, jobId, '192.0.2.1', 'one@example.com')).status).toBe(201);
    expect((await applyFrom(api, jobId, '192.0.2.2', 'two@example.com')).status).toBe(201);
    const third = await applyFrom(api, jobId, '192.0.2.3', 'three@example.com');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: applicationMessages.busy });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await api.db.selectFrom('applicants').select('email').execute();
    expect(stored.map((r) => r.email).sort()).toEqual(['one@example.com', 'two@example.com']);
  });

  it('refuses contact messages from every network once the hourly ceiling is reached', async () => {
    expect((await sendContact(api, '192.0.2.11')).status).toBe(201);
    expect((await sendContact(api, '2001:db8:5::1')).status).toBe(201);
    const third = await sendContact(api, '192.0.2.13');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ message: contactMessages.busy });
    expect(await api.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
  });
});
