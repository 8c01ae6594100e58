/**
 * The server's log never holds a capability token: each route that carries one in its path is
 * logged by its pattern, on its request line and on its error lines.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultApiConfig } from '~/server/config';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const SITE = 'https://www.edgecraft.test';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ config: { mail: { ...defaultApiConfig.mail, siteUrl: SITE } } });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

/** The last token a mail to `email` carried after `marker` (a page path or an API prefix). */
async function mailedToken(email: string, marker: string): Promise<string> {
  const rows = await api.db.selectFrom('outbox').select('text_body').where('recipient', '=', email).execute();
  const text = rows.map((r) => r.text_body).join('\n');
  const found = [...text.matchAll(new RegExp(`${marker}([A-Za-z0-9_-]{43})`, 'g'))].map((m) => m[1]!);
  if (!found.length) throw new Error(`no ${marker} token mailed to ${email}`);
  return found.at(-1)!;
}

const requestLines = () =>
  api.logs.filter((l) => l['msg'] === 'request').map((l) => `${String(l['method'])} ${String(l['path'])}`);

describe('capability tokens in the server log', () => {
  it('logs every private-page and job-alert route by its pattern, never the token', async () => {
    expect((await apply(api, applicationForm(jobId, { email: 'logged@example.org' }))).status).toBe(201);
    const page = await mailedToken('logged@example.org', '/application/');
    const subscribed = await call(api.app, 'POST', '/api/alerts', { json: { email: 'alerts@example.org' } });
    expect(subscribed.status).toBe(202);
    const alert = await mailedToken('alerts@example.org', '/alerts/confirm#');

    api.logs.length = 0;
    const uses: [string, string, number][] = [
      ['GET', `/api/applications/${page}`, 200],
      ['GET', `/api/applications/${page}/export`, 200],
      ['POST', `/api/applications/${page}/withdraw`, 200],
      ['GET', `/api/applications/${page}/no-such-part`, 404],
      ['GET', `/api/alerts/${alert}`, 200],
      ['POST', `/api/alerts/${alert}/confirm`, 200],
      ['POST', `/api/alerts/${alert}/unsubscribe`, 200],
      ['DELETE', `/api/applications/${page}`, 200],
    ];
    for (const [method, url, status] of uses) expect((await call(api.app, method, url)).status, url).toBe(status);

    expect(requestLines()).toEqual([
      'GET /api/applications/:token',
      'GET /api/applications/:token/export',
      'POST /api/applications/:token/withdraw',
      'GET /api/*',
      'GET /api/alerts/:token',
      'POST /api/alerts/:token/confirm',
      'POST /api/alerts/:token/unsubscribe',
      'DELETE /api/applications/:token',
    ]);
    const all = JSON.stringify(api.logs);
    expect(all).not.toContain(page);
    expect(all).not.toContain(alert);
  });

  it('logs a failing token route by its pattern too', async () => {
    expect((await apply(api, applicationForm(jobId, { email: 'failing@example.org' }))).status).toBe(201);
    const page = await mailedToken('failing@example.org', '/application/');
    api.logs.length = 0;
    await sql`DROP TABLE application_tokens`.execute(api.db);
    expect((await call(api.app, 'GET', `/api/applications/${page}`)).status).toBe(500);
    const failure = api.logs.find((l) => l['msg'] === 'unhandled error');
    expect(failure).toMatchObject({ method: 'GET', path: '/api/applications/:token' });
    expect(JSON.stringify(api.logs)).not.toContain(page);
  });
});
