import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '~/lib/schemas';
import { defaultApiConfig } from '~/server/config';
import { applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const SITE = 'https://www.edgecraft.test';
const PARTNER = 'https://static.partner.test';
const EVIL = 'https://evil.example';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ config: { corsOrigins: [PARTNER], mail: { ...defaultApiConfig.mail, siteUrl: SITE } } });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

const contact = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  subject: 'Pilot',
  message: 'Tell me more about IPG.',
};
const applicants = async () => (await api.db.selectFrom('applicants').select('email').execute()).map((r) => r.email);
const messages = async () => (await api.db.selectFrom('contact_messages').select('id').execute()).length;

describe('cross-site state changes', () => {
  it('refuses an application posted from another site with 403 and stores nothing', async () => {
    const res = await call(api.app, 'POST', '/api/applicants/apply', {
      form: applicationForm(jobId, { email: 'victim@example.com' }),
      headers: { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: requestMessages.crossSite });
    expect(await applicants()).not.toContain('victim@example.com');
  });

  it.each([
    ['an unknown Origin alone', { Origin: EVIL }],
    ['Sec-Fetch-Site: cross-site alone', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'a sibling subdomain (same-site, other origin)',
      { Origin: 'https://evil.edgecraft.test', 'Sec-Fetch-Site': 'same-site' },
    ],
    ['Origin: null', { Origin: 'null' }],
  ])('refuses JSON routes too: %s', async (_label, headers) => {
    const before = await messages();
    const sent = await call(api.app, 'POST', '/api/contact', { json: contact, headers });
    expect(sent.status).toBe(403);
    expect(await messages()).toBe(before);
    const login = await call(api.app, 'POST', '/api/admin', {
      json: { email: api.admin.email, password: api.admin.password },
      headers,
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toEqual({ message: requestMessages.crossSite });
  });

  it('refuses PUT and DELETE with a valid token from another site', async () => {
    const headers = { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' };
    const del = await call(api.app, 'DELETE', `/api/job/${jobId}`, { token: api.token, headers });
    expect(del.status).toBe(403);
    expect((await call(api.app, 'GET', `/api/job/${jobId}`)).status).toBe(200);
  });

  it.each([
    ['the site itself (SITE_URL)', { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }],
    ['the request host (behind a TLS proxy)', { Origin: 'https://localhost', 'Sec-Fetch-Site': 'same-origin' }],
    ['a CORS_ORIGINS origin on another domain', { Origin: PARTNER, 'Sec-Fetch-Site': 'cross-site' }],
    ['no Origin and no Sec-Fetch-Site (curl, server to server)', {}],
    ['a navigation typed by the user (Sec-Fetch-Site: none)', { 'Sec-Fetch-Site': 'none' }],
  ])('accepts %s', async (_label, headers) => {
    const email = `ok-${Object.keys(headers).length}-${Math.random().toString(36).slice(2)}@example.com`;
    const applied = await call(api.app, 'POST', '/api/applicants/apply', {
      form: applicationForm(jobId, { email }),
      headers,
    });
    expect(applied.status).toBe(201);
    expect(await applicants()).toContain(email);
    expect((await call(api.app, 'POST', '/api/contact', { json: contact, headers })).status).toBe(201);
  });

  it('never refuses reads or CORS preflights', async () => {
    const headers = { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' };
    expect((await call(api.app, 'GET', '/api/job', { headers })).status).toBe(200);
    const preflight = await call(api.app, 'OPTIONS', '/api/contact', {
      headers: { Origin: PARTNER, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  });
});
