/**
 * An error a route logs keeps its stack (pino's `err`) and the request's id (the request's child
 * logger), and what the client sent as a secret never reaches the log's bytes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

// Each test breaks a table of its own API.
let api: TestApi;
beforeEach(async () => {
  api = await setupApi();
});
afterEach(async () => {
  await api.close();
});

/** A message, then the frames (pg names its errors `error`). */
const STACK = /^.+\n\s+at /;

describe('errors in the log', () => {
  it('logs an unhandled route error with its stack and the request id, not the password or Authorization', async () => {
    await api.db.schema.dropTable('revoked_tokens').execute();
    api.logs.length = 0;
    const res = await call(api.app, 'POST', '/api/auth/logout', {
      token: api.token,
      headers: { 'X-Request-Id': 'probe-unhandled-1' },
      json: { password: api.admin.password },
    });
    expect(res.status).toBe(500);
    const line = api.logs.find((l) => l['msg'] === 'unhandled error');
    expect(line).toMatchObject({
      requestId: 'probe-unhandled-1',
      err: { message: expect.stringContaining('revoked_tokens'), stack: expect.stringMatching(STACK) },
    });
    const bytes = JSON.stringify(api.logs);
    expect(bytes).not.toContain(api.admin.password);
    expect(bytes).not.toContain(api.token);
  });

  it('logs a failure after the answer left under the request id that caused it, with its stack', async () => {
    const job = await createJobViaApi(api);
    expect((await apply(api, applicationForm(job.id, { email: 'links@example.com' }))).status).toBe(201);
    await api.db.schema.dropTable('application_tokens').execute();
    api.logs.length = 0;
    const res = await call(api.app, 'POST', '/api/applications/link', {
      headers: { 'X-Request-Id': 'probe-background-1' },
      json: { email: 'links@example.com' },
    });
    expect(res.status).toBe(202);
    const line = await vi.waitFor(() => {
      const found = api.logs.find((l) => l['msg'] === 'application links not queued');
      if (!found) throw new Error('not logged yet');
      return found;
    });
    expect(line).toMatchObject({ requestId: 'probe-background-1', err: { stack: expect.stringMatching(STACK) } });
  });
});
