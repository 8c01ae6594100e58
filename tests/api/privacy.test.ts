import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, RETENTION_DEFAULT_DAYS, type AuditPage } from '~/lib/privacy';
import type { Applicant } from '~/lib/schemas';
import { signToken } from '~/server/services/jwt';
import { frontmatterVersion, privacyNoticeVersion } from '~/server/features/privacy/notice-version';
import { defaultApiConfig } from '~/server/config';
import { createLogger } from '~/server/logger';
import { purgeExpired } from '~/server/retention/purge';
import { scheduleRetention } from '~/server/retention/schedule';
import { parseCsv } from '../helpers/csv';
import { pdfBytes } from '../../support/files';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';
import { readZip } from '../helpers/zip';

const DAY = 86_400_000;
const T0 = new Date('2026-01-05T09:00:00.000Z');
const at = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms);

let api: TestApi;
let clock: Date;
/** A token valid at the current fake time (tokens are checked against the app's clock). */
const token = async () =>
  (await signToken({ sub: String(api.admin.id), tv: api.admin.tokenVersion }, api.jwtSecret, 3600, clock)).token;

beforeAll(async () => {
  clock = T0;
  api = await setupApi({ now: () => clock });
});
afterAll(async () => {
  await api.close();
});

async function applicants(): Promise<Applicant[]> {
  const res = await call(api.app, 'GET', '/api/applicants', { token: await token() });
  return ((await res.json()) as { applicants: Applicant[] }).applicants;
}

async function applyAs(jobId: number, email: string, fields: Record<string, string> = {}, bytes = pdfBytes()) {
  const res = await apply(
    api,
    applicationForm(jobId, { email, ...fields }, { bytes, name: 'cv.pdf', type: 'application/pdf' }),
  );
  expect(res.status).toBe(201);
  return await appliedId(api, res);
}

async function setStatus(id: number, status: string) {
  const json = status === 'rejected' ? { status, reason: 'experience' } : { status };
  const res = await call(api.app, 'PUT', `/api/applicants/${id}/status`, { token: await token(), json });
  expect(res.status).toBe(200);
}

async function sendMessage(email: string, name = 'Ravi Kumar') {
  const res = await call(api.app, 'POST', '/api/contact', {
    json: { name, email, subject: 'Pilot project', message: 'We would like to talk about a pilot.' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function auditPage(query = ''): Promise<AuditPage> {
  const res = await call(api.app, 'GET', `/api/audit${query}`, { token: await token() });
  expect(res.status).toBe(200);
  return (await res.json()) as AuditPage;
}

describe('consent on apply', () => {
  it('refuses an application without consent=true with 400 and the message, and stores nothing', async () => {
    clock = T0;
    const job = await createJobViaApi({ ...api, token: await token() });
    for (const consent of [undefined, 'false', 'on', '']) {
      const res = await apply(api, applicationForm(job.id, { email: 'no.consent@example.com', consent }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'Please agree to the privacy notice to apply',
        errors: { consent: 'Please agree to the privacy notice to apply' },
      });
    }
    expect((await applicants()).filter((a) => a.email === 'no.consent@example.com')).toEqual([]);
  });

  it('stores when consent was given and the version of the notice from content/legal/privacy.mdx', async () => {
    clock = at(0, 1000);
    const job = await createJobViaApi({ ...api, token: await token() });
    const id = await applyAs(job.id, 'consent@example.com');
    const res = await call(api.app, 'GET', `/api/applicants/${id}`, { token: await token() });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { applicant: Applicant; consent: unknown };
    expect(body.consent).toEqual({ givenAt: clock.toISOString(), noticeVersion: privacyNoticeVersion() });
    expect(privacyNoticeVersion()).toMatch(/^\d+(\.\d+)*$/);
    expect(frontmatterVersion("---\ntitle: x\nversion: '2.1'\n---\nbody")).toBe('2.1');
    // The list shows when retention will erase it: a pending applicant, 365 days after it applied.
    expect(body.applicant.eraseAt).toBe(at(RETENTION_DEFAULT_DAYS.pending, 1000).toISOString());
  });
});

describe('retention (injected clock)', () => {
  const days = {
    rejected: 180,
    pending: 365,
    inProcess: 365,
    hired: 180,
    withdrawn: 30,
    messages: 365,
    audit: 730,
    mails: 30,
    views: 90,
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await api.db.deleteFrom('resumes').execute();
    await api.db.deleteFrom('applicants').execute();
    await api.db.deleteFrom('contact_messages').execute();
    await api.db.deleteFrom('audit_log').execute();
    await api.db.deleteFrom('outbox').execute();
    clock = T0;
    const job = await createJobViaApi({ ...api, token: await token() });
    ids['pending'] = await applyAs(job.id, 'pending@example.com');
    ids['rejected'] = await applyAs(job.id, 'rejected@example.com');
    await setStatus(ids['rejected'], 'rejected');
    ids['shortlisted'] = await applyAs(job.id, 'shortlisted@example.com');
    await setStatus(ids['shortlisted'], 'shortlisted');
    ids['undone'] = await applyAs(job.id, 'undone@example.com');
    await setStatus(ids['undone'], 'rejected');
    ids['oldMessage'] = await sendMessage('old@example.com');
    clock = at(100);
    // Undoing the rejection is a status change: its clock starts again as pending.
    await setStatus(ids['undone'], 'pending');
    clock = at(200);
    ids['later'] = await applyAs(job.id, 'later@example.com');
    ids['newMessage'] = await sendMessage('new@example.com');
  });

  const remaining = async () => ({
    applicants: (await api.db.selectFrom('applicants').select('email').orderBy('id').execute()).map((r) => r.email),
    resumes: Number(
      (
        await api.db
          .selectFrom('resumes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    messages: (await api.db.selectFrom('contact_messages').select('email').orderBy('id').execute()).map((r) => r.email),
  });

  it('keeps a rejected applicant until exactly 180 days after the decision; mails go 30 days after they were queued', async () => {
    // Day 0 queued 9 mails (team note and receipt for 4 applications, a note for the message);
    // the 3 of day 200 stay until day 230.
    expect(await purgeExpired(api.db, days, at(180))).toEqual({
      applicants: 0,
      resumes: 0,
      messages: 0,
      auditEntries: 0,
      mails: 9,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
    expect((await remaining()).applicants).toContain('rejected@example.com');
    const mails = await api.db.selectFrom('outbox').select('created_at').execute();
    expect(mails.map((m) => m.created_at)).toEqual(Array(3).fill(at(200).toISOString()));
  });

  it('erases the rejected applicant and its resume one moment past 180 days, nothing else; twice erases nothing more', async () => {
    expect(await purgeExpired(api.db, days, at(180, 1))).toEqual({
      applicants: 1,
      resumes: 1,
      messages: 0,
      auditEntries: 0,
      mails: 0,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
    expect(await remaining()).toEqual({
      applicants: ['pending@example.com', 'shortlisted@example.com', 'undone@example.com', 'later@example.com'],
      resumes: 4,
      messages: ['old@example.com', 'new@example.com'],
    });
    expect(await purgeExpired(api.db, days, at(180, 1))).toEqual({
      applicants: 0,
      resumes: 0,
      messages: 0,
      auditEntries: 0,
      mails: 0,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
  });

  it('past 365 days erases the pending and the shortlisted applicant and the old message', async () => {
    const dryRun = await purgeExpired(api.db, days, at(366), { dryRun: true });
    expect(dryRun).toEqual({
      applicants: 2,
      resumes: 2,
      messages: 1,
      auditEntries: 0,
      mails: 3,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
    expect((await remaining()).applicants).toHaveLength(4);
    expect(await purgeExpired(api.db, days, at(366))).toEqual(dryRun);
    expect(await remaining()).toEqual({
      applicants: ['undone@example.com', 'later@example.com'],
      resumes: 2,
      messages: ['new@example.com'],
    });
    expect(await purgeExpired(api.db, days, at(366))).toEqual({
      applicants: 0,
      resumes: 0,
      messages: 0,
      auditEntries: 0,
      mails: 0,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
  });

  it('erases the undone rejection 365 days after its undo, and audit entries after 730 days', async () => {
    const counts = await purgeExpired(api.db, days, at(731));
    // 'undone' (pending since day 100), 'later' (pending since day 200), the day-200 message;
    // and every audit entry written on days 0 to 1 (logins, status changes, the early purges' rows).
    expect(counts.applicants).toBe(2);
    expect(counts.messages).toBe(1);
    expect(counts.auditEntries).toBeGreaterThan(0);
    expect(await remaining()).toEqual({ applicants: [], resumes: 0, messages: [] });
    const left = await api.db.selectFrom('audit_log').select('at').execute();
    expect(left.every((r) => r.at >= at(731 - 730).toISOString())).toBe(true);
    expect(await purgeExpired(api.db, days, at(731))).toEqual({
      applicants: 0,
      resumes: 0,
      messages: 0,
      auditEntries: 0,
      mails: 0,
      views: 0,
      mailLinks: 0,
      jobAlerts: 0,
    });
  });

  it('records each purge that erased something in the audit trail, by the system', async () => {
    const rows = await api.db.selectFrom('audit_log').selectAll().where('action', '=', 'retention.purged').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.at(-1)).toMatchObject({ admin_id: null, admin_email: null });
    expect(rows.at(-1)?.summary).toMatch(
      /^retention erased 2 applicants \(2 resumes\), 1 contact messages, \d+ audit entries, 0 mails, 0 view counts, 0 expired mail links, 0 job alerts$/,
    );
  });

  it('runs once at start and then on its daily schedule, logging the counts without personal data', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
    const schedule = scheduleRetention(api.db, days, defaultApiConfig.mail, logger, () => at(731));
    await schedule.stop();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'retention purge',
        applicants: 0,
        resumes: 0,
        messages: 0,
        auditEntries: 0,
        mails: 0,
      }),
    ]);
  });
});

describe('export and erasure on request', () => {
  let jobA: number;
  let jobB: number;
  const resumeA = pdfBytes(4096);
  const resumeB = pdfBytes(5000);
  let idA: number;
  let idB: number;
  let messageId: number;

  beforeAll(async () => {
    clock = at(800);
    jobA = (await createJobViaApi({ ...api, token: await token() }, { title: 'Firmware Engineer' })).id;
    jobB = (await createJobViaApi({ ...api, token: await token() }, { title: 'Vision Engineer' })).id;
    resumeB.set([0x41, 0x42], 100);
    idA = await applyAs(jobA, 'Meera.Iyer@example.com', { name: 'Meera Iyer', phone: '+91 99000 11122' }, resumeA);
    idB = await applyAs(jobB, 'meera.iyer@example.com', { name: 'Meera Iyer' }, resumeB);
    messageId = await sendMessage('MEERA.IYER@example.com ', 'Meera Iyer');
    await applyAs(jobA, 'someone.else@example.com');
    await setStatus(idA, 'shortlisted');
  });

  it('exports every application, consent, message, audit entry and resume of that e-mail as one zip', async () => {
    const res = await call(api.app, 'GET', `/api/applicants/${idA}/export`, { token: await token() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="applicant-\d+-data-[\d-]+\.zip"$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      email: string;
      applications: { id: number; status: string; consent: unknown; resume: { file: string; sha256: string } }[];
      contactMessages: { id: number }[];
      auditEntries: Record<string, unknown>[];
    };
    expect(person.email).toBe('meera.iyer@example.com');
    expect(person.applications.map((a) => [a.id, a.status])).toEqual([
      [idA, 'shortlisted'],
      [idB, 'pending'],
    ]);
    expect(person.applications[0]?.consent).toEqual({
      givenAt: at(800).toISOString(),
      noticeVersion: privacyNoticeVersion(),
    });
    expect(person.contactMessages.map((m) => m.id)).toEqual([messageId]);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    for (const [application, bytes] of [
      [person.applications[0], resumeA],
      [person.applications[1], resumeB],
    ] as const) {
      const stored = files.get(application?.resume.file ?? '');
      expect(stored && sha(stored)).toBe(sha(bytes));
      expect(application?.resume.sha256).toBe(sha(bytes));
    }
    // The data subject learns what was done and when, by "the hiring team": no member of staff is named.
    const byTeam = { by: 'the hiring team', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
    expect(person.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ...byTeam, action: 'applicant.status_changed', subjectId: idA }),
        expect.objectContaining({ ...byTeam, action: 'person.exported', subjectId: idA }),
      ]),
    );
    for (const entry of person.auditEntries) expect(Object.keys(entry)).not.toContain('adminEmail');
    expect(files.get('person.json')?.toString('utf8')).not.toContain(api.admin.email);
    expect([...files.keys()].sort()).toEqual(['person.json', ...person.applications.map((a) => a.resume.file)].sort());
  });

  it('sends resumes, exports and CSV with Cache-Control: no-store', async () => {
    for (const path of [`/api/applicants/${idB}/download`, `/api/applicants/${idB}/export`, '/api/applicants.csv']) {
      const res = await call(api.app, 'GET', path, { token: await token() });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toContain('no-store');
    }
  });

  it('answers 404 for an unknown applicant', async () => {
    expect((await call(api.app, 'GET', '/api/applicants/999999/export', { token: await token() })).status).toBe(404);
    expect((await call(api.app, 'GET', '/api/applicants/abc', { token: await token() })).status).toBe(404);
  });

  it('erases every application, resume and message of the address in any letter case, and says how many', async () => {
    const outboxText = async () =>
      JSON.stringify(await api.db.selectFrom('outbox').selectAll().execute()).toLowerCase();
    expect(await outboxText()).toContain('meera.iyer@example.com');
    const res = await call(api.app, 'POST', '/api/erasure', {
      token: await token(),
      json: { email: ' MEERA.iyer@Example.com' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ erased: 3 });
    expect((await applicants()).map((a) => a.email)).not.toContain('meera.iyer@example.com');
    expect((await applicants()).map((a) => a.email)).toContain('someone.else@example.com');
    const messages = await call(api.app, 'GET', '/api/messages', { token: await token() });
    expect(((await messages.json()) as { messages: { id: number }[] }).messages.map((m) => m.id)).not.toContain(
      messageId,
    );
    for (const id of [idA, idB]) {
      expect((await call(api.app, 'GET', `/api/applicants/${id}/download`, { token: await token() })).status).toBe(404);
    }
    const entry = (await auditPage('?action=person.erased')).entries[0];
    expect(entry).toMatchObject({ summary: 'erased 3 records for a person on request', adminEmail: api.admin.email });
    const all = JSON.stringify(await api.db.selectFrom('audit_log').selectAll().execute());
    expect(all.toLowerCase()).not.toContain('meera');
    // The mails to, from and about the person are gone from the outbox too; others' mails stay.
    expect(await outboxText()).not.toContain('meera');
    expect(await outboxText()).toContain('someone.else@example.com');
    expect(all).not.toContain('99000');
  });

  it('answers { erased: 0 } for an address with nothing stored, and 400 for something that is not an address', async () => {
    const none = await call(api.app, 'POST', '/api/erasure', {
      token: await token(),
      json: { email: 'meera.iyer@example.com' },
    });
    expect(await none.json()).toEqual({ erased: 0 });
    const bad = await call(api.app, 'POST', '/api/erasure', {
      token: await token(),
      json: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('audit trail', () => {
  it('records logins, failed logins and the admin actions, newest first, filtered by action and admin', async () => {
    clock = at(900);
    const ok = await call(api.app, 'POST', '/api/admin', {
      json: { email: api.admin.email, password: api.admin.password },
    });
    expect(ok.status).toBe(200);
    const bad = await call(api.app, 'POST', '/api/admin', {
      json: { email: api.admin.email, password: 'wrong password!' },
    });
    expect(bad.status).toBe(401);
    const page = await auditPage();
    expect(page.entries.slice(0, 2).map((e) => e.action)).toEqual(['login.failed', 'login.succeeded']);
    expect(page.entries[0]).toMatchObject({ adminId: api.admin.id, adminEmail: api.admin.email });
    expect(page.admins).toEqual([{ id: api.admin.id, email: api.admin.email }]);
    const ids = page.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const filtered = await auditPage(`?action=login.succeeded&admin=${api.admin.id}`);
    expect(filtered.entries.length).toBeGreaterThan(0);
    expect(filtered.entries.every((e) => e.action === 'login.succeeded' && e.adminId === api.admin.id)).toBe(true);
    expect((await auditPage('?admin=999999')).entries).toEqual([]);
    for (const query of ['?action=unknown', '?cursor=-1', '?admin=x']) {
      expect((await call(api.app, 'GET', `/api/audit${query}`, { token: await token() })).status).toBe(400);
    }
  });

  it('pages with nextCursor until the end, without repeating an entry', async () => {
    for (let i = 0; i < 30; i++) await call(api.app, 'GET', '/api/messages', { token: await token() });
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: AuditPage = await auditPage(`?action=messages.listed${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(30);
  });

  it('cannot be changed or deleted through any route, and the database refuses updates', async () => {
    const writes = api.app.routes.filter((r) => r.path.includes('audit') && r.method !== 'GET' && r.method !== 'ALL');
    expect(writes).toEqual([]);
    const before = await api.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const first = before[0]?.id ?? 1;
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/audit', `/api/audit/${first}`]) {
        const res = await call(api.app, method, path, { token: await token(), json: { summary: 'changed' } });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    await expect(
      api.db.updateTable('audit_log').set({ summary: 'changed' }).where('id', '=', first).execute(),
    ).rejects.toThrow(/append-only/);
    const after = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '<=', before.at(-1)?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('names every action with a label the Activity view shows', async () => {
    const actions = (await api.db.selectFrom('audit_log').select('action').distinct().execute()).map((r) => r.action);
    for (const action of actions) expect(Object.keys(AUDIT_ACTIONS)).toContain(action);
  });
});

describe('GET /api/applicants.csv', () => {
  it('exports the filtered list with RFC 4180 quoting, a UTF-8 BOM, and no formula can run', async () => {
    clock = at(1000);
    const job = await createJobViaApi(
      { ...api, token: await token() },
      { title: 'Firmware, "Edge" Team', department: 'R&D' },
    );
    const other = await createJobViaApi({ ...api, token: await token() }, { title: 'Sales Lead' });
    const letter = 'First line, with a comma.\nSecond line with "quotes" and more text to pass fifty characters.';
    const hindi = await applyAs(job.id, 'ananya@example.com', { name: 'अनन्या शर्मा', coverLetter: letter });
    await applyAs(job.id, 'karthik@example.com', { name: 'கார்த்திக் ராஜா', coverLetter: letter });
    await applyAs(other.id, 'ananya@example.com', { name: 'अनन्या शर्मा' });
    await setStatus(hindi, 'rejected');

    const res = await call(api.app, 'GET', `/api/applicants.csv?jobId=${job.id}&status=&search=`, {
      token: await token(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="applicants-[\d-]+\.csv"$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { bom, rows } = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
    expect(bom).toBe(true);
    const [header, ...body] = rows;
    expect(header).toEqual([
      'Name',
      'Email',
      'Phone',
      'LinkedIn',
      'Job',
      'Department',
      'Status',
      'Applied',
      'Status changed',
      'Erase on',
      'Cover letter',
      'Source',
    ]);
    // Multipart bodies carry line breaks as CRLF, so that is what was stored and comes back.
    const stored = letter.replace('\n', '\r\n');
    expect(body.map((r) => [r[0], r[1], r[4], r[5], r[6], r[10]])).toEqual([
      ['கார்த்திக் ராஜா', 'karthik@example.com', 'Firmware, "Edge" Team', 'R&D', 'pending', stored],
      ['अनन्या शर्मा', 'ananya@example.com', 'Firmware, "Edge" Team', 'R&D', 'rejected', stored],
    ]);
    // A phone starting with + would be read as a formula by a spreadsheet: it is kept as text.
    expect(body[0]?.[2]).toBe("'+91 98765 43210");
    expect(body[1]?.[9]).toBe(
      at(1000 + 180)
        .toISOString()
        .slice(0, 10),
    );

    const searched = await call(
      api.app,
      'GET',
      '/api/applicants.csv?search=%E0%A4%85%E0%A4%A8%E0%A4%A8%E0%A5%8D&status=pending',
      {
        token: await token(),
      },
    );
    const searchedRows = parseCsv(await searched.text()).rows.slice(1);
    expect(searchedRows.map((r) => [r[0], r[4]])).toEqual([['अनन्या शर्मा', 'Sales Lead']]);
    expect((await auditPage('?action=applicants.csv_exported')).entries[0]?.summary).toBe(
      'exported 1 applicants as CSV',
    );
  });

  it('answers 400 for an unknown status or job filter', async () => {
    for (const query of ['?status=archived', '?jobId=abc']) {
      expect((await call(api.app, 'GET', `/api/applicants.csv${query}`, { token: await token() })).status).toBe(400);
    }
  });
});
