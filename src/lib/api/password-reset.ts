import type { ForgotPasswordInput, ResetPasswordInput } from '~/lib/schemas';
import { apiRequest } from './client';

/** `POST /auth/forgot`: always the same neutral answer (202). */
export const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiRequest<{ message: string }>('/auth/forgot', { method: 'POST', json: input });

/** `POST /auth/reset`: sets the new password with the token from the mailed link. */
export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest<{ message: string }>('/auth/reset', { method: 'POST', json: input });

/** `GET /auth/forgot`: whether this server can send reset links (SMTP configured). */
export const resetAvailability = (signal: AbortSignal) => apiRequest<{ byEmail: boolean }>('/auth/forgot', { signal });
