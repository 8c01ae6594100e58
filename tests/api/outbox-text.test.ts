/** Reading a mail in the Outbox: the text of a mail without a link, audited; never one that carries a private link. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, type OutboxList } from '~/lib/schemas';
import { applicationForm, apply, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
  await apply(api, applicationForm((await createJobViaApi(api)).id, { email: 'reader@example.org' }));
});
afterAll(() => api.close());

const list = async () =>
  ((await (await call(api.app, 'GET', '/api/outbox', { token: api.token })).json()) as OutboxList).mails;
const text = (id: number | string) => call(api.app, 'GET', `/api/outbox/${id}/text`, { token: api.token });

describe('GET /api/outbox/:id/text', () => {
  it('answers the plain text of the team’s notice, and records the read', async () => {
    const notice = (await list()).find((m) => m.kind === 'new_application');
    const res = await text(notice?.id ?? 0);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string };
    const stored = await api.db
      .selectFrom('outbox')
      .select('text_body')
      .where('id', '=', notice?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(body.text).toBe(stored.text_body);
    expect(body.text).toContain('reader@example.org');
    const audit = await api.db.selectFrom('audit_log').select('summary').where('action', '=', 'outbox.read').execute();
    expect(audit.map((a) => a.summary)).toEqual([`read mail #${notice?.id}`]);
  });

  it('refuses the receipt, which carries the applicant’s private link, with the reason', async () => {
    const receipt = (await list()).find((m) => m.kind === 'application_received');
    const res = await text(receipt?.id ?? 0);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: outboxMessages.textWithLink });
  });

  it('answers 404 for an unknown or malformed id, and 401 without a session', async () => {
    expect((await text(999999)).status).toBe(404);
    expect((await text('abc')).status).toBe(404);
    expect((await call(api.app, 'GET', '/api/outbox/1/text')).status).toBe(401);
  });
});
