/**
 * A database that cannot grow (SQLite's SQLITE_FULL, made real with `PRAGMA max_page_count`):
 * writes (an application, a contact message) answer 507 with Retry-After and a message, store
 * nothing of the refused request, and health reports the disk until a write succeeds again.
 */
import { sql } from 'kysely';
import { CONTACT_MESSAGE_MAX } from '~/lib/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages } from '~/lib/schemas';
import { applicationMessages } from '~/lib/schemas/application';
import { pdfBytes } from '../../support/files';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  TEST_DATABASE_URL,
  type TestApi,
} from '../../support/api';

const contact = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  subject: 'Drone pilot programme',
  message: 'We build inspection drones and want to evaluate IPG.',
};
/** Stored in overflow pages, which only new pages can hold once no page is free (a short text may fit a page's spare room). */
const RESUME_BYTES = 300_000;

let api: TestApi;
beforeAll(async () => {
  if (!TEST_DATABASE_URL) api = await setupApi();
});
afterAll(async () => {
  await api?.close();
});

/** SQLite refuses to grow the file past `pages` pages; 'current': no free page left, not one more. */
async function capPages(pages: number | 'current'): Promise<void> {
  if (pages === 'current') await sql`vacuum`.execute(api.db);
  const limit =
    pages === 'current'
      ? (await sql<{ page_count: number }>`pragma page_count`.execute(api.db)).rows[0]!.page_count
      : pages;
  await sql`pragma max_page_count = ${sql.raw(String(limit))}`.execute(api.db);
}

async function rowCounts() {
  const count = async (table: 'applicants' | 'resumes' | 'outbox' | 'contact_messages') =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applicants: await count('applicants'),
    resumes: await count('resumes'),
    outbox: await count('outbox'),
    messages: await count('contact_messages'),
  };
}

describe.skipIf(Boolean(TEST_DATABASE_URL))('a full disk (SQLite)', () => {
  it('answers 507 with Retry-After to an application, stores nothing of it, and health reports the disk until a write succeeds', async () => {
    const job = await createJobViaApi(api);
    const before = await rowCounts();
    await capPages('current');

    const applied = await apply(
      api,
      applicationForm(
        job.id,
        { email: 'full@example.com' },
        { bytes: pdfBytes(RESUME_BYTES), name: 'cv.pdf', type: 'application/pdf' },
      ),
    );
    expect(applied.status).toBe(507);
    expect(applied.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await applied.json()).toEqual({ message: applicationMessages.storageFull });

    expect(await rowCounts()).toEqual(before);

    const health = await call(api.app, 'GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'sqlite', down: ['disk'] });

    await capPages(1_000_000);
    expect((await call(api.app, 'POST', '/api/contact', { json: contact })).status).toBe(201);
    expect((await rowCounts()).messages).toBe(before.messages + 1);
    const recovered = await call(api.app, 'GET', '/api/health');
    expect(recovered.status).toBe(200);
    expect(await recovered.json()).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('answers 507 with Retry-After to a contact message, stores nothing of it, and takes the next once there is room', async () => {
    const before = await rowCounts();
    await capPages('current');
    // Every '<' is four characters in the mail's HTML: the mail needs overflow pages, which only new pages can hold.
    const long = { ...contact, message: '<'.repeat(CONTACT_MESSAGE_MAX) };

    const refused = await call(api.app, 'POST', '/api/contact', { json: long });
    expect(refused.status).toBe(507);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ message: requestMessages.storageFull });
    expect(await rowCounts()).toEqual(before);
    expect((await (await call(api.app, 'GET', '/api/health')).json()) as unknown).toEqual({
      status: 'unavailable',
      database: 'sqlite',
      down: ['disk'],
    });

    await capPages(1_000_000);
    expect((await call(api.app, 'POST', '/api/contact', { json: long })).status).toBe(201);
    expect(await rowCounts()).toEqual({ ...before, messages: before.messages + 1, outbox: before.outbox + 1 });
  });
});

if (TEST_DATABASE_URL) {
  describe.skip('a full disk: SQLite only (PostgreSQL keeps its data on its own server)', () => {
    it.skip('runs in the api project', () => {});
  });
}
