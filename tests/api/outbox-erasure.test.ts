/**
 * Erasure deletes exactly the mail about the person asked for: by the `subject_key` each outbox
 * row carries, never by text found in a body (erasing na@ must not touch anna@'s mail).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillOutboxSubjects } from '~/server/db/migrations';
import { applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

let api: TestApi;
let jobId: number;
beforeAll(async () => {
  api = await setupApi({ config: { rateLimits: { contactPerIp: { max: 100, windowMs: 60_000 } } } });
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

const applyAs = async (email: string) => {
  const res = await call(api.app, 'POST', '/api/applicants/apply', { form: applicationForm(jobId, { email }) });
  expect(res.status).toBe(201);
};
const contactAs = async (email: string) => {
  const json = { name: 'Anna Nair', email, subject: 'Hello', message: 'A question about IPG.' };
  expect((await call(api.app, 'POST', '/api/contact', { json })).status).toBe(201);
};
const erase = async (email: string) => {
  const res = await call(api.app, 'POST', '/api/erasure', { token: api.token, json: { email } });
  expect(res.status).toBe(200);
};
const outboxIds = async () =>
  (await api.db.selectFrom('outbox').select('id').orderBy('id').execute()).map((r) => Number(r.id));

describe('exact erasure of queued mail', () => {
  it('erasing na@ leaves every pending mail about anna@; erasing anna@ removes them', async () => {
    await applyAs('anna@example.org');
    await contactAs('anna@example.org');
    const annas = await outboxIds();
    expect(annas).toHaveLength(3);
    // What a text search for na@example.org finds: anna@example.org's mail.
    const bodies = await api.db.selectFrom('outbox').select('text_body').execute();
    expect(bodies.some((r) => r.text_body.includes('na@example.org'))).toBe(true);
    await applyAs('na@example.org');
    expect((await outboxIds()).length).toBe(5);

    await erase('na@example.org');
    expect(await outboxIds()).toEqual(annas);

    await erase('ANNA@example.org');
    expect(await outboxIds()).toEqual([]);
  });

  it('backfills who each mail queued before the column is about', async () => {
    await applyAs('meera@example.org');
    await contactAs('ravi@example.org');
    // As rows queued before the column existed: nobody recorded, then the migration's backfill.
    await api.db.updateTable('outbox').set({ subject_key: null }).execute();
    await backfillOutboxSubjects(api.db as unknown as Kysely<unknown>);
    const rows = await api.db.selectFrom('outbox').select(['kind', 'subject_key']).orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.subject_key])).toEqual([
      ['new_application', 'meera@example.org'],
      ['application_received', 'meera@example.org'],
      ['new_contact', 'ravi@example.org'],
    ]);
  });
});
