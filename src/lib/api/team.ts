import type { StageDeadlineDays } from '~/lib/stage-deadlines';
import type { InvitationSent, InviteInput, Role } from '~/lib/team';
import type { TwoFactorEnabled, TwoFactorSetup } from '~/lib/two-factor';
import { apiRequest } from './client';
import { replaceToken } from './session';

/** `POST /admins/invite` (owners): the colleague gets a mail (queued without a mail server) with a link to choose their password. */
export const inviteMember = (input: InviteInput) =>
  apiRequest<InvitationSent>('/admins/invite', { method: 'POST', json: input, auth: true });

/** `POST /admins/{id}/resend` (owners): a new invitation link for a member who never signed in; the old one stops working. */
export const resendInvitation = (id: number) =>
  apiRequest<InvitationSent>(`/admins/${id}/resend`, { method: 'POST', auth: true });

/** `PUT /admins/{id}/role` (owners). */
export const changeRole = (id: number, role: Role) =>
  apiRequest<{ message: string }>(`/admins/${id}/role`, { method: 'PUT', json: { role }, auth: true });

/** `DELETE /admins/{id}` (owners): their sessions end at once. */
export const removeMember = (id: number) =>
  apiRequest<{ message: string }>(`/admins/${id}`, { method: 'DELETE', auth: true });

/** `PUT /admins/two-factor` (owners): whether every member must use two-factor sign-in. */
export const setTeamTwoFactor = (required: boolean) =>
  apiRequest<{ message: string; requireTwoFactor: boolean }>('/admins/two-factor', {
    method: 'PUT',
    json: { required },
    auth: true,
  });

/** `PUT /admins/stage-deadlines` (owners): the days each open stage may take before its applicants are overdue. */
export const setStageDeadlines = (days: StageDeadlineDays) =>
  apiRequest<{ message: string; days: StageDeadlineDays }>('/admins/stage-deadlines', {
    method: 'PUT',
    json: days,
    auth: true,
  });

/** `POST /account/2fa/setup` with the current password: a new key, kept until confirmed. */
export const startTwoFactor = (password: string) =>
  apiRequest<TwoFactorSetup>('/account/2fa/setup', { method: 'POST', json: { password }, auth: true });

/**
 * `POST /account/2fa/confirm`: turns it on; the answer holds the recovery codes, once, and this
 * session's new token, which replaces the old one (every other session of the account ends).
 */
export const confirmTwoFactor = (code: string, password: string) =>
  replaceToken(
    apiRequest<TwoFactorEnabled>('/account/2fa/confirm', { method: 'POST', json: { code, password }, auth: true }),
  );

/** `POST /account/2fa/disable` with a current code or a recovery code, and the current password. */
export const disableTwoFactor = (code: string, password: string) =>
  apiRequest<{ message: string }>('/account/2fa/disable', { method: 'POST', json: { code, password }, auth: true });

/** `PUT /account/name`: the name the signed-in member goes by. */
export const saveDisplayName = (displayName: string) =>
  apiRequest<{ message: string; displayName: string }>('/account/name', {
    method: 'PUT',
    json: { displayName },
    auth: true,
  });
