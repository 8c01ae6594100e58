import type { LoginInput, LoginResponse } from '~/lib/schemas';
import type { TwoFactorChallenge } from '~/lib/schemas/login';
import { apiRequest } from './client';
import { apiUrl } from './config';
import { getToken } from './session';

/**
 * `POST /admin`: `remember` asks for the 30-day token instead of the 8-hour one. With two-factor
 * sign-in on, the right password answers a challenge, and the same call with `code` the token.
 */
export const login = (input: LoginInput) =>
  apiRequest<LoginResponse | TwoFactorChallenge>('/admin', { method: 'POST', json: input });

/**
 * `POST /auth/logout`: ends this token on the server, so a copy of it stops working too. Any
 * failure is ignored (and a 401 does not end the session twice): the caller removes the token anyway.
 */
export async function endServerSession(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    await fetch(apiUrl('/auth/logout'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
  } catch {
    // Offline: the token is still removed from this browser.
  }
}
