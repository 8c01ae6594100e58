/**
 * Team members' names: asked when an invitation is accepted and changed in Account
 * (`PUT /api/account/name`), one line of at most DISPLAY_NAME_MAX characters; the session, the team
 * list and every interview invitation's ATTENDEE line carry it.
 */
import ical, { type Attendee, type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX } from '~/lib/limits';
import type { InvitationSent, SessionInfo, TeamList } from '~/lib/team';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { apply, applicationForm, appliedId, call, createJobViaApi, setupApi, type TestApi } from '../../support/api';

const PASSWORD = 'a long enough password 42';
const tokenOf = (link: string) => new URL(link).searchParams.get('reset') ?? '';

let api: TestApi;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

const rename = (displayName: unknown, token = api.token) =>
  call(api.app, 'PUT', '/api/account/name', { token, json: { displayName } });
const session = async (token = api.token) =>
  ((await (await call(api.app, 'GET', '/api/auth/verify', { token })).json()) as SessionInfo).admin;
const team = async () =>
  ((await (await call(api.app, 'GET', '/api/admins', { token: api.token })).json()) as TeamList).admins;

async function signIn(email: string, password: string): Promise<string> {
  const res = await call(api.app, 'POST', '/api/admin', { json: { email, password } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('display names', () => {
  it('start empty: the session and the team list answer null', async () => {
    expect((await session()).displayName).toBeNull();
    expect((await team()).find((m) => m.email === api.admin.email)?.displayName).toBeNull();
  });

  it('are taken when an invitation is accepted, trimmed, and shown to the team', async () => {
    const invited = await call(api.app, 'POST', '/api/admins/invite', {
      token: api.token,
      json: { email: 'meera@example.com', role: 'recruiter' },
    });
    const { link } = (await invited.json()) as InvitationSent;
    const accepted = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(link), password: PASSWORD, displayName: '  Meera Kulkarni  ' },
    });
    expect(accepted.status).toBe(200);
    const token = await signIn('meera@example.com', PASSWORD);
    expect(await session(token)).toMatchObject({ email: 'meera@example.com', displayName: 'Meera Kulkarni' });
    expect((await team()).find((m) => m.email === 'meera@example.com')?.displayName).toBe('Meera Kulkarni');
  });

  it('refuse an invitation accepted with a name on two lines, and keep the link usable', async () => {
    const invited = await call(api.app, 'POST', '/api/admins/invite', {
      token: api.token,
      json: { email: 'rahul@example.com', role: 'viewer' },
    });
    const { link } = (await invited.json()) as InvitationSent;
    const refused = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(link), password: PASSWORD, displayName: 'Rahul\nBCC: x@example.com' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { displayName: 'Your name must be on one line' } });
    const accepted = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(link), password: PASSWORD, displayName: 'Rahul Deshpande' },
    });
    expect(accepted.status).toBe(200);
  });

  it.each([
    ['', 'Enter the name your colleagues and candidates will see'],
    ['   \u200b ', 'Enter the name your colleagues and candidates will see'],
    ['x'.repeat(DISPLAY_NAME_MAX + 1), `Keep your name to ${DISPLAY_NAME_MAX} characters`],
    ['Priya\r\nSharma', 'Your name must be on one line'],
    [42, 'Enter the name your colleagues and candidates will see'],
  ])('refuses %j with a message, and keeps the name saved before', async (displayName, message) => {
    expect((await rename('Priya Sharma')).status).toBe(200);
    const res = await rename(displayName);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: { displayName: message } });
    expect((await session()).displayName).toBe('Priya Sharma');
  });

  it('are each member’s own: a viewer renames themself, and nobody signed out can', async () => {
    const row = await insertAdmin(api.db, 'viewer@example.com', await hashPassword(PASSWORD), new Date(), 'viewer');
    const { token } = await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600);
    const res = await rename('Lin Wei', token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Name saved', displayName: 'Lin Wei' });
    expect((await session(token)).displayName).toBe('Lin Wei');
    expect((await session()).displayName).not.toBe('Lin Wei');
    expect((await call(api.app, 'PUT', '/api/account/name', { json: { displayName: 'Mallory' } })).status).toBe(401);
  });

  it('name the interviewers in the invitation, and a nameless one by the address, never "Unnamed attendee"', async () => {
    expect((await rename('Priya Sharma')).status).toBe(200);
    const other = await insertAdmin(api.db, 'ben@example.com', await hashPassword(PASSWORD), new Date(), 'recruiter');
    const job = await createJobViaApi(api);
    const applicantId = await appliedId(api, await apply(api, applicationForm(job.id, { email: 'asha@example.com' })));
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    startsAt.setUTCHours(10, 30, 0, 0);
    const scheduled = await call(api.app, 'POST', `/api/applicants/${applicantId}/interviews`, {
      token: api.token,
      json: {
        startsAt: startsAt.toISOString(),
        durationMinutes: 45,
        location: 'https://meet.example.com/panel',
        interviewerIds: [api.admin.id, Number(other.id)],
      },
    });
    expect(scheduled.status).toBe(201);
    const mail = await api.db
      .selectFrom('outbox')
      .select('calendar')
      .where('kind', '=', 'interview_invitation')
      .where('recipient', '=', 'asha@example.com')
      .executeTakeFirstOrThrow();
    const event = Object.values(ical.sync.parseICS(mail.calendar ?? '')).find((c): c is VEvent => c?.type === 'VEVENT');
    const attendees = [event?.attendee ?? []].flat().map((a) => a as Attendee);
    const byAddress = (email: string) =>
      attendees.find((a) => (typeof a === 'string' ? a : a.val).toLowerCase() === `mailto:${email}`);
    const named = byAddress(api.admin.email);
    const nameless = byAddress('ben@example.com');
    expect(typeof named === 'object' && named.params.CN).toBe('Priya Sharma');
    expect(typeof nameless === 'object' && nameless.params.CN).toBe('ben@example.com');
  });
});
