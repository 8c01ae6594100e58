/**
 * The erasure ledger erases again only what a person had by the time of their erasure: one who
 * applies again afterwards is not erased by the next start, while the application a restored
 * backup brings back (re-inserted here as a restore would) goes again. On both databases.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRestoredData } from '~/server/db';
import { ERASURE_LEDGER_FILE } from '~/server/db/erasure-ledger';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';
import { signToken } from '~/server/services/jwt';

const EMAIL = 'returning.person@example.com';
let clock = new Date('2026-11-10T09:00:00.000Z');
const later = (hours: number) => (clock = new Date(clock.getTime() + hours * 3_600_000));

let api: TestApi;
beforeAll(async () => {
  api = await setupApi({ now: () => clock });
});
afterAll(async () => {
  await api.close();
});

const token = async () =>
  (await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 3600, clock)).token;
const applications = () =>
  api.db.selectFrom('applicants').selectAll().where('email_key', '=', EMAIL).orderBy('id').execute();
/** What every start does before serving. */
const start = () =>
  guardRestoredData(
    api.db,
    api.dbKind,
    { ledger: path.join(api.dataDir, ERASURE_LEDGER_FILE), restored: false },
    clock,
  );

describe('a person erased, who applies again', () => {
  it('keeps the new application through every start, and erases again the old one a restore brings back', async () => {
    const job = await createJobViaApi({ ...api, token: await token() });
    const other = await createJobViaApi({ ...api, token: await token() }, { title: 'Vision Engineer' });
    expect((await apply(api, applicationForm(job.id, { email: EMAIL }))).status).toBe(201);
    const [old] = await applications();
    later(1);
    const res = await call(api.app, 'POST', '/api/erasure', { token: await token(), json: { email: EMAIL } });
    expect(await res.json()).toEqual({ erased: 1 });

    later(24);
    expect((await apply(api, applicationForm(other.id, { email: EMAIL }))).status).toBe(201);
    const [again] = await applications();
    expect(await start()).toMatchObject({ erasedAgain: 0 });
    expect((await applications()).map((a) => a.id)).toEqual([again!.id]);

    // The backup from before the erasure is restored: its application comes back, beside the new one.
    const o = old!;
    await sql`insert into applicants (id, job_id, job_title, department, name, email, email_key, phone, cover_letter, status, applied_at)
      values (${o.id}, ${o.job_id}, ${o.job_title}, ${o.department}, ${o.name}, ${o.email}, ${o.email_key}, ${o.phone},
        ${o.cover_letter}, ${o.status}, ${o.applied_at})`.execute(api.db);
    expect(await applications()).toHaveLength(2);
    expect(await start()).toMatchObject({ erasedAgain: 1 });
    expect((await applications()).map((a) => a.id)).toEqual([again!.id]);
  });
});
