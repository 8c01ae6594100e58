/**
 * The hiring team: every guarded route against every role (built from the app's routes and the
 * role table), invitations mailed through the outbox with a single-use 72-hour link, role changes
 * and removals that never leave the team without an owner, removal ending sessions at once, and
 * the audit trail of who did it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '~/server/app';
import { insertAdmin } from '~/server/db';
import { signToken } from '~/server/services/jwt';
import { hashPassword } from '~/server/services/password';
import { leastRoleFor, ROUTE_ROLES } from '~/server/roles';
import { roleAllows, ROLES, type Role, type TeamList } from '~/lib/team';
import {
  apply,
  applicationForm,
  call,
  createJobViaApi,
  setupApi,
  validJob,
  type TestApi,
  appliedId,
} from '../../support/api';
import { startMailingApi, type MailingApi } from '../helpers/outbox-worker';
import type { SmtpCapture } from '../../support/smtp';

const SITE = 'https://www.example.org';
const FORBIDDEN = { message: 'Your role cannot do this' };
const LAST_OWNER = { message: 'The team needs at least one owner: make someone else an owner first' };
const PASSWORD = 'a long enough password 42';

let smtp: SmtpCapture;
let api: TestApi;
let mailing: MailingApi;
let clock = Date.now();

beforeAll(async () => {
  mailing = await startMailingApi({
    siteUrl: SITE,
    loginPerEmail: 50,
    now: () => new Date(clock),
  });
  ({ api, smtp } = mailing);
});
afterEach(() => {
  smtp.mails.length = 0;
});
afterAll(() => mailing.close());

let made = 0;
/** A member with that role and a token of theirs. */
async function member(role: Role, email = `member${++made}@example.com`) {
  const row = await insertAdmin(api.db, email, await hashPassword(PASSWORD), new Date(clock), role);
  const { token } = await signToken({ sub: String(row.id), tv: row.token_version }, api.jwtSecret, 3600);
  return { id: Number(row.id), email: row.email, token };
}

const login = (email: string, password: string) => call(api.app, 'POST', '/api/admin', { json: { email, password } });
const team = async (token = api.token) =>
  (await (await call(api.app, 'GET', '/api/admins', { token })).json()) as TeamList;
const auditActions = async () =>
  (await api.db.selectFrom('audit_log').select(['action', 'admin_email', 'summary']).orderBy('id').execute()).map(
    (r) => `${r.action} by ${r.admin_email}: ${r.summary}`,
  );

describe('roles on every guarded route (built from the route table)', () => {
  it('lists every guarded route in ROUTE_ROLES, and a route nobody listed is for owners only', () => {
    const routes = api.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '/api/*')
      .map((r) => `${r.method} ${r.path}`)
      .filter((r, i, all) => all.indexOf(r) === i);
    const guarded = routes.filter((r) => !(PUBLIC_ROUTES as readonly string[]).includes(r));
    expect(guarded.filter((r) => !(r in ROUTE_ROLES))).toEqual([]);
    // No stale rows either: every row names a route the app has.
    expect(Object.keys(ROUTE_ROLES).filter((r) => !guarded.includes(r))).toEqual([]);
    expect(leastRoleFor('DELETE /api/something-new')).toBe('owner');
  });

  it('answers 403 "Your role cannot do this" exactly where the role is below the route\'s', async () => {
    const tokens = {
      viewer: (await member('viewer')).token,
      recruiter: (await member('recruiter')).token,
      owner: (await member('owner')).token,
    } satisfies Record<Role, string>;
    const job = await createJobViaApi(api);
    const res = await apply(api, applicationForm(job.id, { email: 'matrix@example.com' }));
    const applicant = { id: await appliedId(api, res) };
    const target = await member('viewer');

    let invites = 0;
    const bodies: Record<string, () => unknown> = {
      'POST /api/job': () => validJob,
      'PUT /api/job/:id': () => validJob,
      'PUT /api/applicants/:id/status': () => ({ status: 'shortlisted' }),
      'POST /api/erasure': () => ({ email: 'nobody-here@example.com' }),
      'POST /api/admins/invite': () => ({ email: `invited${++invites}@example.com`, role: 'viewer' }),
      'PUT /api/admins/:id/role': () => ({ role: 'recruiter' }),
      'PUT /api/admins/two-factor': () => ({ required: false }),
      'POST /api/account/2fa/confirm': () => ({ code: '000000' }),
      'POST /api/account/2fa/disable': () => ({ code: '000000' }),
    };
    // Logout ends the token it is sent with: last.
    const routes = Object.keys(ROUTE_ROLES).sort(
      (a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')),
    );
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const id = pattern.startsWith('/api/job') ? job.id : pattern.startsWith('/api/admins') ? target.id : applicant.id;
      for (const role of ROLES) {
        const r = await call(api.app, method, pattern.replace(':id', String(id)), {
          token: tokens[role],
          json: bodies[route]?.(),
        });
        const allowed = roleAllows(role, ROUTE_ROLES[route]!);
        if (allowed ? r.status === 403 || r.status === 401 : r.status !== 403)
          wrong.push(`${route} as ${role}: ${r.status}`);
        if (!allowed) expect(await r.json()).toEqual(FORBIDDEN);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells the dashboard who is signed in and with which role', async () => {
    const viewer = await member('viewer');
    const res = await call(api.app, 'GET', '/api/auth/verify', { token: viewer.token });
    expect(await res.json()).toEqual({
      valid: true,
      admin: { id: viewer.id, email: viewer.email, displayName: null, role: 'viewer', twoFactor: false },
      mustEnrolTwoFactor: false,
    });
  });
});

/** Invites through the API and returns the token of the link in the mail that arrives. */
async function invite(email: string, role: Role): Promise<{ id: number; token: string }> {
  const res = await call(api.app, 'POST', '/api/admins/invite', { token: api.token, json: { email, role } });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { message: string; admin: { id: number; role: Role; lastSignInAt: null } };
  expect(body.admin).toMatchObject({ role, lastSignInAt: null, twoFactor: false });
  // Other tests' invitations may still be on their way: wait for the one to this address.
  await expect.poll(() => smtp.mails.some((m) => m.to.includes(email)), { timeout: 15_000, interval: 50 }).toBe(true);
  const mail = smtp.mails.find((m) => m.to.includes(email))!;
  expect(mail.parsed.subject).toContain('invited');
  expect(mail.parsed.text).toContain('72 hours');
  const link = /https:\/\/www\.example\.org\/adminlogin\?reset=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  expect(link, mail.parsed.text).not.toBeNull();
  return { id: body.admin.id, token: link![1]! };
}
const setPassword = (token: string, password = PASSWORD) =>
  call(api.app, 'POST', '/api/auth/reset', { json: { token, password } });

describe('invitations', () => {
  it('mails a single-use link that sets the password; the recruiter then signs in with that role', async () => {
    const { id, token } = await invite('new.recruiter@example.com', 'recruiter');
    // Invited, not yet signed in: no password works.
    expect((await login('new.recruiter@example.com', PASSWORD)).status).toBe(401);
    expect((await setPassword(token)).status).toBe(200);
    expect((await setPassword(token, 'another long password')).status).toBe(400);

    const signedIn = await login('new.recruiter@example.com', PASSWORD);
    expect(signedIn.status).toBe(200);
    const { token: session } = (await signedIn.json()) as { token: string };
    const verify = (await (await call(api.app, 'GET', '/api/auth/verify', { token: session })).json()) as {
      admin: { role: Role };
    };
    expect(verify.admin.role).toBe('recruiter');
    expect((await call(api.app, 'GET', '/api/admins', { token: session })).status).toBe(403);
    expect((await call(api.app, 'GET', '/api/applicants', { token: session })).status).toBe(200);

    const listed = (await team()).admins.find((a) => a.id === id);
    expect(listed).toMatchObject({ email: 'new.recruiter@example.com', role: 'recruiter', twoFactor: false });
    expect(listed?.lastSignInAt).toBe(new Date(clock).toISOString());
    expect(await auditActions()).toContain(
      `team.invited by ${api.admin.email}: invited team member #${id} as recruiter`,
    );
  });

  it('refuses a link after 72 hours, and an address that is already a member', async () => {
    const { token } = await invite('late@example.com', 'viewer');
    const saved = clock;
    clock += 72 * 3_600_000 + 60_000;
    try {
      expect(await (await setPassword(token)).json()).toEqual({
        message: 'This reset link is invalid or has expired.',
      });
    } finally {
      clock = saved;
    }
    const again = await call(api.app, 'POST', '/api/admins/invite', {
      token: api.token,
      json: { email: 'LATE@example.com', role: 'owner' },
    });
    expect(again.status).toBe(409);
  });

  it('checks the address and the role', async () => {
    const res = await call(api.app, 'POST', '/api/admins/invite', {
      token: api.token,
      json: { email: 'not an address', role: 'boss' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: 'Please enter a valid email address',
      role: 'Choose owner, recruiter or viewer',
    });
  });
});

describe('changing roles and removing members', () => {
  it('never demotes or removes the last owner (409), and does once there is another', async () => {
    const fresh = await setupApi();
    try {
      const self = `/api/admins/${fresh.admin.id}`;
      const demote = await call(fresh.app, 'PUT', `${self}/role`, { token: fresh.token, json: { role: 'viewer' } });
      expect(demote.status).toBe(409);
      expect(await demote.json()).toEqual(LAST_OWNER);
      const remove = await call(fresh.app, 'DELETE', self, { token: fresh.token });
      expect(remove.status).toBe(409);
      expect(await remove.json()).toEqual(LAST_OWNER);
      // Keeping the owner an owner is no change and allowed.
      expect(
        (await call(fresh.app, 'PUT', `${self}/role`, { token: fresh.token, json: { role: 'owner' } })).status,
      ).toBe(200);

      const other = await insertAdmin(
        fresh.db,
        'second@example.com',
        await hashPassword(PASSWORD),
        new Date(),
        'recruiter',
      );
      const promote = await call(fresh.app, 'PUT', `/api/admins/${other.id}/role`, {
        token: fresh.token,
        json: { role: 'owner' },
      });
      expect(promote.status).toBe(200);
      expect(
        (await call(fresh.app, 'PUT', `${self}/role`, { token: fresh.token, json: { role: 'recruiter' } })).status,
      ).toBe(200);
      // Now a recruiter: the team is no longer theirs to change.
      expect((await call(fresh.app, 'DELETE', `/api/admins/${other.id}`, { token: fresh.token })).status).toBe(403);
      expect((await call(fresh.app, 'GET', '/api/admins/999999', { token: fresh.token })).status).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it('answers 404 for an unknown member', async () => {
    expect(
      (await call(api.app, 'PUT', '/api/admins/999999/role', { token: api.token, json: { role: 'viewer' } })).status,
    ).toBe(404);
    expect((await call(api.app, 'DELETE', '/api/admins/abc', { token: api.token })).status).toBe(404);
  });

  it('ends the sessions of a removed member at once, and records who changed and removed whom', async () => {
    const colleague = await member('recruiter', 'leaving@example.com');
    expect((await call(api.app, 'GET', '/api/applicants', { token: colleague.token })).status).toBe(200);

    const changed = await call(api.app, 'PUT', `/api/admins/${colleague.id}/role`, {
      token: api.token,
      json: { role: 'viewer' },
    });
    expect(changed.status).toBe(200);
    // The new role counts at the next request.
    expect(
      (
        await call(api.app, 'PUT', `/api/applicants/1/status`, {
          token: colleague.token,
          json: { status: 'shortlisted' },
        })
      ).status,
    ).toBe(403);

    expect((await call(api.app, 'DELETE', `/api/admins/${colleague.id}`, { token: api.token })).status).toBe(200);
    const after = await call(api.app, 'GET', '/api/applicants', { token: colleague.token });
    expect(after.status).toBe(401);
    expect((await team()).admins.map((a) => a.email)).not.toContain('leaving@example.com');
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        `team.role_changed by ${api.admin.email}: changed team member #${colleague.id} from recruiter to viewer`,
        `team.removed by ${api.admin.email}: removed team member #${colleague.id} (viewer)`,
      ]),
    );
  });
});
