/**
 * Invitations beyond the first mail: the answer says whether a mail server will send it and carries
 * the link to copy; a pending invitation is sent again with a new link that voids the old one; the
 * invitee's page learns the role and the inviter, and nothing else; setting the password returns the
 * address the sign-in form starts with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationInfo, InvitationSent } from '~/lib/team';
import { call, setupApi, type TestApi } from '../../support/api';
import { startMailingApi, type MailingApi } from '../helpers/outbox-worker';

const PASSWORD = 'a long enough password 42';
const tokenOf = (link: string) => new URL(link).searchParams.get('reset') ?? '';

describe('without a mail server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await setupApi();
  });
  afterAll(() => api.close());

  const invite = async (email: string) => {
    const res = await call(api.app, 'POST', '/api/admins/invite', {
      token: api.token,
      json: { email, role: 'recruiter' },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as InvitationSent;
  };
  const lookup = (token: string) => call(api.app, 'POST', '/api/auth/invitation', { json: { token } });

  it('says the invitation is queued and hands the owner the link', async () => {
    const sent = await invite('grace@example.com');
    expect(sent.mailConfigured).toBe(false);
    expect(sent.message).toBe(
      'Invitation for grace@example.com queued: no mail server is set up, so copy the link and send it yourself',
    );
    expect(sent.link).toMatch(/\/adminlogin\?reset=[\w-]{43}$/);
  });

  it('tells the invitee page the role and the inviter, nothing else', async () => {
    const sent = await invite('linus@example.com');
    const res = await lookup(tokenOf(sent.link));
    expect(res.status).toBe(200);
    expect((await res.json()) as InvitationInfo).toEqual({ role: 'recruiter', invitedBy: api.admin.email });
    expect((await lookup('not-a-token')).status).toBe(404);
  });

  it('names an owner who has a display name by it, with their address, in the mail and on the invitee page', async () => {
    expect(
      (await call(api.app, 'PUT', '/api/account/name', { token: api.token, json: { displayName: 'Asha Rao' } })).status,
    ).toBe(200);
    const sent = await invite('margaret@example.com');
    const inviter = `Asha Rao (${api.admin.email})`;
    expect(((await (await lookup(tokenOf(sent.link))).json()) as InvitationInfo).invitedBy).toBe(inviter);
    const mail = await api.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', 'margaret@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`${inviter} invited you to the`);
    await api.db.updateTable('admins').set({ display_name: null }).where('id', '=', api.admin.id).execute();
  });

  it('refuses an empty token as a broken link', async () => {
    const res = await call(api.app, 'POST', '/api/auth/invitation', { json: { token: '' } });
    expect(res.status).toBe(400);
  });

  it('resending voids the old link, and the new one sets the password and returns the address', async () => {
    const first = await invite('ken@example.com');
    const resent = await call(api.app, 'POST', `/api/admins/${first.admin.id}/resend`, { token: api.token });
    expect(resent.status).toBe(200);
    const second = (await resent.json()) as InvitationSent;
    expect(second.message).toMatch(/^New invitation for ken@example\.com queued: .*the earlier link no longer works$/);
    expect(second.link).not.toBe(first.link);
    expect((await lookup(tokenOf(first.link))).status).toBe(404);
    expect((await lookup(tokenOf(second.link))).status).toBe(200);

    const old = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(first.link), password: PASSWORD },
    });
    expect(old.status).toBe(400);
    const used = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(second.link), password: PASSWORD },
    });
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ email: 'ken@example.com' });
    expect((await lookup(tokenOf(second.link))).status).toBe(404);
  });

  it('signs the newcomer in when they accept: the answer carries a session that works', async () => {
    const sent = await invite('ada@example.com');
    const accepted = await call(api.app, 'POST', '/api/auth/reset', {
      json: { token: tokenOf(sent.link), password: PASSWORD, displayName: 'Ada Okafor' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('cache-control')).toBe('no-store');
    const body = (await accepted.json()) as { message: string; email: string; token?: string };
    expect(body).toMatchObject({
      message: 'Welcome to the hiring team: your password is set and you are signed in.',
      email: 'ada@example.com',
    });
    const session = await call(api.app, 'GET', '/api/auth/verify', { token: body.token });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ admin: { email: 'ada@example.com', displayName: 'Ada Okafor' } });
    // Signed in, so no longer a pending invitation the owner could resend.
    const resend = await call(api.app, 'POST', `/api/admins/${sent.admin.id}/resend`, { token: api.token });
    expect(resend.status).toBe(409);
  });

  it('refuses to resend to a member who has signed in', async () => {
    const signIn = await call(api.app, 'POST', '/api/admin', {
      json: { email: api.admin.email, password: api.admin.password },
    });
    expect(signIn.status).toBe(200);
    const res = await call(api.app, 'POST', `/api/admins/${api.admin.id}/resend`, { token: api.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'This member has signed in already: their invitation is used' });
  });
});

describe('with a mail server', () => {
  let mailing: MailingApi;
  beforeAll(async () => {
    mailing = await startMailingApi({ siteUrl: 'https://www.example.org', loginPerEmail: 50, now: () => new Date() });
  });
  afterAll(() => mailing.close());

  it('says the invitation is sent, and the link matches the mailed one', async () => {
    const res = await call(mailing.api.app, 'POST', '/api/admins/invite', {
      token: mailing.api.token,
      json: { email: 'barbara@example.com', role: 'viewer' },
    });
    const sent = (await res.json()) as InvitationSent;
    expect(sent).toMatchObject({ mailConfigured: true, message: 'Invitation sent to barbara@example.com' });
    expect(sent.link.startsWith('https://www.example.org/adminlogin?reset=')).toBe(true);
  });
});
