import type { ForgotPasswordInput, ResetPasswordInput } from '~/lib/schemas';
import type { ResetAnswer } from '~/lib/schemas/password-reset';
import type { InvitationInfo } from '~/lib/team';
import { apiRequest } from './client';

/** `POST /auth/forgot`: always the same neutral answer (202). */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiRequest<{ message: string }>('/auth/forgot', { method: 'POST', json: input });

/** `POST /auth/reset`: sets the new password with the token from the mailed link; answers the account's address. */
export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest<ResetAnswer>('/auth/reset', { method: 'POST', json: input });

/** `POST /auth/invitation`: the role and inviter of an open invitation link (404 for a reset link). */
export const lookupInvitation = (token: string) =>
  apiRequest<InvitationInfo>('/auth/invitation', { method: 'POST', json: { token } });

/** `GET /auth/forgot`: whether this server can send reset links (SMTP configured). */
export const resetAvailability = (signal: AbortSignal) => apiRequest<{ byEmail: boolean }>('/auth/forgot', { signal });
