/**
 * Every admin action that reads personal data or changes the site leaves one audit entry: reading
 * the outbox, creating, updating and deleting a job, logging out, and admin accounts created or
 * deleted from the CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction, type AuditPage } from '~/lib/privacy';
import { openDatabase } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { call, createJobViaApi, processStorage, setupApi, validJob, type TestApi } from '../../support/api';
import { runAdminCli } from '../helpers/cli';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(async () => {
  await api.close();
});

/** The entries of one action, newest first. */
async function entries(action: AuditAction) {
  const res = await call(api.app, 'GET', `/api/audit?action=${action}`, { token: api.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as AuditPage).entries;
}

describe('audit entries for admin actions', () => {
  it('records reading the outbox once per read', async () => {
    expect((await call(api.app, 'GET', '/api/outbox', { token: api.token })).status).toBe(200);
    const listed = await entries('outbox.listed');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ adminId: api.admin.id, adminEmail: api.admin.email, summary: 'listed 0 mails' });
  });

  it('leaves out the entries that only list records when asked, keeping every other one', async () => {
    await call(api.app, 'GET', '/api/applicants', { token: api.token });
    const page = async (query: string) =>
      ((await (await call(api.app, 'GET', `/api/audit${query}`, { token: api.token })).json()) as AuditPage).entries;
    const all = await page('');
    const hidden = await page('?lists=hide');
    expect(all.map((e) => e.action)).toEqual(expect.arrayContaining(['applicants.listed', 'outbox.listed']));
    expect(hidden.map((e) => e.id)).toEqual(all.filter((e) => !e.action.endsWith('.listed')).map((e) => e.id));
    const bad = await call(api.app, 'GET', '/api/audit?lists=maybe', { token: api.token });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('lists must be hide or show');
  });

  it('records creating, updating and deleting a job, with the job as subject', async () => {
    const job = await createJobViaApi(api);
    const path = `/api/job/${job.id}`;
    expect(
      (await call(api.app, 'PUT', path, { token: api.token, json: { ...validJob, title: 'Renamed' } })).status,
    ).toBe(200);
    expect((await call(api.app, 'DELETE', path, { token: api.token })).status).toBe(200);
    for (const action of ['job.created', 'job.updated', 'job.deleted'] as const) {
      const [entry, ...more] = await entries(action);
      expect(more, action).toEqual([]);
      expect(entry, action).toMatchObject({ subjectType: 'job', subjectId: job.id, adminId: api.admin.id });
    }
    // A refused change (unknown job) records nothing.
    expect((await call(api.app, 'DELETE', path, { token: api.token })).status).toBe(404);
    expect(await entries('job.deleted')).toHaveLength(1);
  });

  it('records a logout', async () => {
    const { token } = await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 600);
    expect((await call(api.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await entries('logout')).toEqual([
      expect.objectContaining({ adminId: api.admin.id, adminEmail: api.admin.email, summary: AUDIT_ACTIONS.logout }),
    ]);
  });
});

describe('audit entries for admin accounts changed from the CLI', { timeout: 120_000 }, () => {
  let storage: Awaited<ReturnType<typeof processStorage>>;
  beforeAll(async () => {
    storage = await processStorage('audit-cli');
  });
  afterAll(async () => {
    await storage.remove();
  });

  const cli = async (args: string[], stdin = '') => (await runAdminCli(args, storage, { stdin })).code;

  it('records each account created and deleted, and nothing for a refused command', async () => {
    expect(await cli(['create', 'first@example.com'], 'a very long password\n')).toBe(0);
    expect(await cli(['create', 'second@example.com'], 'a very long password\n')).toBe(0);
    expect(await cli(['delete', 'second@example.com'])).toBe(0);
    expect(await cli(['delete', 'first@example.com'])).toBe(1); // the last admin stays
    const handle = openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl || undefined });
    try {
      const rows = await handle.db.selectFrom('audit_log').select(['action', 'summary']).orderBy('id').execute();
      expect(rows.map((r) => r.action)).toEqual(['admin.created', 'admin.created', 'admin.deleted']);
      expect(rows.map((r) => r.summary)).toEqual([
        expect.stringMatching(/^created admin #\d+ with the admin CLI$/),
        expect.stringMatching(/^created admin #\d+ with the admin CLI$/),
        expect.stringMatching(/^deleted admin #\d+ with the admin CLI$/),
      ]);
    } finally {
      await handle.close();
    }
  });
});
