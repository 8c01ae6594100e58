/**
 * Notes on applicants and the application's timeline: recruiters write, viewers read, authors
 * delete their own; notes go into the personal-data export and leave with the applicant
 * (deletion, erasure, retention).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantDetail } from '~/lib/privacy';
import { defaultApiConfig } from '~/server/config';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { purgeExpired } from '~/server/retention/purge';
import type { Role } from '~/lib/team';
import { apply, applicationForm, call, createJobViaApi, setupApi, type TestApi, appliedId } from '../../support/api';
import { readZip } from '../helpers/zip';

let api: TestApi;
let jobId: number;
const tokens = {} as Record<'recruiter' | 'other' | 'viewer', string>;
const emails = {} as Record<'recruiter' | 'other' | 'viewer', string>;

async function member(key: keyof typeof tokens, role: Role) {
  const row = await insertAdmin(
    api.db,
    `${key}@example.com`,
    await hashPassword('a long password 42'),
    new Date(),
    role,
  );
  tokens[key] = (await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600)).token;
  emails[key] = row.email;
}

beforeAll(async () => {
  api = await setupApi();
  await member('recruiter', 'recruiter');
  await member('other', 'recruiter');
  await member('viewer', 'viewer');
  jobId = (await createJobViaApi(api)).id;
});
afterAll(async () => {
  await api.close();
});

let applied = 0;
async function applicant(email = `notes${++applied}@example.com`): Promise<number> {
  const res = await apply(api, applicationForm(jobId, { email }));
  return await appliedId(api, res);
}
const addNote = (id: number, text: unknown, token = tokens.recruiter) =>
  call(api.app, 'POST', `/api/applicants/${id}/notes`, { token, json: { text } });
const detail = async (id: number, token = api.token) =>
  (await (await call(api.app, 'GET', `/api/applicants/${id}`, { token })).json()) as ApplicantDetail;
const noteCount = async () =>
  Number(
    (
      await api.db
        .selectFrom('applicant_notes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('notes', () => {
  it('are written by recruiters, read by viewers, and kept as plain text of at most 2,000 characters', async () => {
    const id = await applicant();
    const text = 'Strong on <b>firmware</b>;\nask about the RTOS port.';
    const res = await addNote(id, `  ${text}  `);
    expect(res.status).toBe(201);
    const body = (await res.json()) as ApplicantDetail & { message: string };
    expect(body.message).toBe('Note added');
    expect(body.notes).toEqual([
      { id: expect.any(Number), text, author: emails.recruiter, at: expect.any(String), mine: true },
    ]);

    const seen = await detail(id, tokens.viewer);
    expect(seen.notes.map((n) => [n.text, n.author, n.mine])).toEqual([[text, emails.recruiter, false]]);
    expect((await addNote(id, 'a viewer writes', tokens.viewer)).status).toBe(403);

    const tooLong = await addNote(id, 'x'.repeat(2001));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { errors: Record<string, string> }).errors).toEqual({
      text: 'A note has at most 2,000 characters',
    });
    expect((await addNote(id, 'x'.repeat(2000))).status).toBe(201);
    expect((await addNote(id, '   ')).status).toBe(400);
    expect((await addNote(999999, 'nobody')).status).toBe(404);
  });

  it('are deleted by their author only', async () => {
    const id = await applicant();
    const { notes } = (await (await addNote(id, 'mine to delete')).json()) as ApplicantDetail;
    const noteId = notes[0]!.id;
    const byOther = await call(api.app, 'DELETE', `/api/applicants/${id}/notes/${noteId}`, { token: tokens.other });
    expect(byOther.status).toBe(403);
    expect(await byOther.json()).toEqual({ message: 'Only the author can delete a note' });
    const byOwner = await call(api.app, 'DELETE', `/api/applicants/${id}/notes/${noteId}`, { token: api.token });
    expect(byOwner.status).toBe(403);
    const own = await call(api.app, 'DELETE', `/api/applicants/${id}/notes/${noteId}`, { token: tokens.recruiter });
    expect(own.status).toBe(200);
    expect(((await own.json()) as ApplicantDetail).notes).toEqual([]);
    expect(
      (await call(api.app, 'DELETE', `/api/applicants/${id}/notes/${noteId}`, { token: tokens.recruiter })).status,
    ).toBe(404);
  });
});

describe('the timeline', () => {
  it('shows the application, status changes with who made them, mails to the applicant and notes, oldest first', async () => {
    const id = await applicant();
    const changed = await call(api.app, 'PUT', `/api/applicants/${id}/status`, {
      token: tokens.other,
      json: { status: 'shortlisted', notify: true },
    });
    expect(changed.status).toBe(200);
    await addNote(id, 'Invite for a call');
    const { timeline } = await detail(id);
    expect(timeline[0]).toMatchObject({ kind: 'applied', by: null, text: 'Applied' });
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'status',
          by: emails.other,
          text: 'Moved from Pending to Shortlisted',
        }),
        expect.objectContaining({ kind: 'note', by: emails.recruiter, text: 'Invite for a call' }),
      ]),
    );
    const kinds = timeline.map((e) => e.kind);
    expect(kinds).toContain('mail');
    expect(kinds.indexOf('status')).toBeLessThan(kinds.indexOf('note'));
    const times = timeline.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });
});

describe('notes are personal data', () => {
  it('are in the export by "the hiring team", never a staff address, and leave with the applicant on deletion, erasure and retention', async () => {
    const id = await applicant('person.with.notes@example.com');
    await addNote(id, 'Exported note');
    const res = await call(api.app, 'GET', `/api/applicants/${id}/export`, { token: api.token });
    const files = await readZip(new Uint8Array(await res.arrayBuffer()));
    const person = JSON.parse(files.get('person.json')?.toString('utf8') ?? '{}') as {
      applications: { notes: { text: string; by: string }[] }[];
    };
    // Staff are not named to the person, in notes as in the audit entries.
    expect(person.applications[0]?.notes).toEqual([
      { text: 'Exported note', by: 'the hiring team', writtenAt: expect.any(String) },
    ]);
    expect(JSON.stringify(person)).not.toContain(emails.recruiter);

    const before = await noteCount();
    expect(
      (
        await call(api.app, 'POST', '/api/erasure', {
          token: api.token,
          json: { email: 'person.with.notes@example.com' },
        })
      ).status,
    ).toBe(200);
    expect(await noteCount()).toBe(before - 1);

    const deleted = await applicant();
    await addNote(deleted, 'goes with the applicant');
    expect((await call(api.app, 'DELETE', `/api/applicants/${deleted}`, { token: api.token })).status).toBe(200);
    expect(await noteCount()).toBe(before - 1);

    const old = await applicant();
    await addNote(old, 'goes by retention');
    const later = new Date(Date.now() + 3 * 365 * 86_400_000);
    // Screening kept past the purge's date: only the shortlisted applicant's notes stay.
    await purgeExpired(api.db, { ...defaultApiConfig.retentionDays, inProcess: 4 * 365 }, later);
    const left = await api.db.selectFrom('applicant_notes').select('applicant_id').execute();
    expect(left.map((r) => Number(r.applicant_id))).not.toContain(old);
    expect(left.length).toBeGreaterThan(0);
  });

  it('names the members who gave a name, and the activity trail does too', async () => {
    const id = await applicant();
    const rename = (token: string, displayName: string) =>
      call(api.app, 'PUT', '/api/account/name', { token, json: { displayName } });
    expect((await rename(tokens.other, 'Ravi Menon')).status).toBe(200);
    expect((await rename(tokens.recruiter, 'Meera Kulkarni')).status).toBe(200);
    await call(api.app, 'PUT', `/api/applicants/${id}/status`, {
      token: tokens.other,
      json: { status: 'shortlisted', notify: false },
    });
    await addNote(id, 'Ask about the RTOS port');
    const seen = await detail(id);
    expect(seen.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'status', by: 'Ravi Menon' }),
        expect.objectContaining({ kind: 'note', by: 'Meera Kulkarni', text: 'Ask about the RTOS port' }),
      ]),
    );
    expect(seen.notes.map((n) => n.author)).toEqual(['Meera Kulkarni']);
    const trail = await call(api.app, 'GET', '/api/audit?action=applicant.status_changed', { token: api.token });
    const { entries } = (await trail.json()) as { entries: { adminEmail: string; adminName: string | null }[] };
    expect(entries[0]).toMatchObject({ adminEmail: emails.other, adminName: 'Ravi Menon' });
  });
});
