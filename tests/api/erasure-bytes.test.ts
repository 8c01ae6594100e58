/**
 * Erased means gone from the bytes: after an erasure, neither the SQLite database file nor its
 * write-ahead log nor a backup taken afterwards holds any of the person's words (the full-text
 * index's own tables included), and a delivered mail's link leaves the files once its body is removed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '~/lib/schemas';
import { SQLITE_FILE } from '~/server/db/client';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  TEST_DATABASE_URL,
  type TestApi,
} from '../../support/api';
import { pdfWithText } from '../../support/files';
import { runAdminCli } from '../helpers/cli';
import { startMailingApi, type MailingApi } from '../helpers/outbox-worker';

const PERSON = {
  name: 'Quilla Vantorszky',
  email: 'quilla.vantorszky@quillamail.org',
  coverLetter: 'Zanzibarine fjordwhistlex telemetry for orbital hedgerows.',
};
const RESUME_LINE = 'Cryoglyphique compiler of marmaladewurm thingamabobs';

/**
 * What must not remain: each string whole, and the last six letters of each of its words in lower
 * case, as the full-text index stores a term (after the prefix it shares with the previous one).
 */
const traces = [PERSON.name, PERSON.email, PERSON.coverLetter, RESUME_LINE].flatMap((text) => [
  text,
  ...(text.match(/\p{L}{7,}/gu) ?? []).map((word) => word.toLowerCase().slice(-6)),
]);

/** The database file and its write-ahead log, as bytes (latin1: every byte one character). */
function databaseBytes(dataDir: string): string {
  const file = path.join(dataDir, SQLITE_FILE);
  return [file, `${file}-wal`]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString('latin1'))
    .join('\n');
}

const found = (bytes: string) => traces.filter((trace) => bytes.includes(trace));

describe.skipIf(TEST_DATABASE_URL)('an erased person in the SQLite files', () => {
  let api: TestApi;
  let root: string;

  beforeAll(async () => {
    api = await setupApi();
    root = mkdtempSync(path.join(tmpdir(), 'edgecraft-erasure-bytes-test-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  const search = async (q: string) => {
    const res = await call(api.app, 'GET', `/api/applicants?q=${encodeURIComponent(q)}`, { token: api.token });
    return ((await res.json()) as { applicants: Applicant[] }).applicants.length;
  };

  it('leaves none of their name, e-mail, cover letter or resume text in the file, its WAL or a later backup', async () => {
    const job = await createJobViaApi(api);
    const resume = { bytes: pdfWithText([[RESUME_LINE]]), name: 'resume.pdf', type: 'application/pdf' };
    expect((await apply(api, applicationForm(job.id, PERSON, resume))).status).toBe(201);
    const other = { name: 'Kept Person', email: 'kept.person@example.com', phone: '+91 90000 00001' };
    expect((await apply(api, applicationForm(job.id, other))).status).toBe(201);
    // The resume's text is read after the application is stored; it is searchable once indexed.
    await expect.poll(() => search('cryoglyphique'), { timeout: 20_000, interval: 50 }).toBe(1);
    expect(found(databaseBytes(api.dataDir))).toEqual(traces);

    const res = await call(api.app, 'POST', '/api/erasure', { token: api.token, json: { email: PERSON.email } });
    expect(await res.json()).toEqual({ erased: 1 });

    expect(found(databaseBytes(api.dataDir))).toEqual([]);
    const backup = path.join(root, 'after-erasure.sqlite');
    const cli = await runAdminCli(['backup', backup], { dataDir: api.dataDir, databaseUrl: '' });
    expect(cli.code, cli.err).toBe(0);
    expect(found(readFileSync(backup).toString('latin1'))).toEqual([]);
    expect(readFileSync(backup).toString('latin1')).toContain(other.email);
  });
});

describe.skipIf(TEST_DATABASE_URL)('a delivered mail in the SQLite files', () => {
  let mailing: MailingApi;

  beforeAll(async () => {
    mailing = await startMailingApi({ siteUrl: 'https://www.example.org', loginPerEmail: 5, now: () => new Date() });
  });
  afterAll(async () => {
    await mailing.close();
  });

  it('keeps no copy of its private link once delivered: the body is removed and the log emptied', async () => {
    const { api, smtp } = mailing;
    const job = await createJobViaApi(api);
    expect((await apply(api, applicationForm(job.id, { email: 'linked.person@example.com' }))).status).toBe(201);
    const [receipt] = (await smtp.waitFor(2, 20_000)).filter((mail) => mail.to.includes('linked.person@example.com'));
    const link = /\/application\/([\w-]{20,})/.exec(receipt?.parsed.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await expect
      .poll(
        async () =>
          (
            await api.db
              .selectFrom('outbox')
              .select('status')
              .where('kind', '=', 'application_received')
              .executeTakeFirst()
          )?.status,
        {
          timeout: 20_000,
          interval: 50,
        },
      )
      .toBe('sent');
    // The checkpoint thread empties the log once it has copied all of it; the file was zeroed on update.
    await expect.poll(() => databaseBytes(api.dataDir).includes(link!), { timeout: 20_000, interval: 100 }).toBe(false);
  });
});
