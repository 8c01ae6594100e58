import { queryOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '~/lib/schemas';
import { apiRequest } from './client';
import { apiUrl } from './config';
import { getToken } from './session';

const authKeys = { all: ['auth'] as const, verify: () => [...authKeys.all, 'verify'] as const };

/**
 * `GET /auth/verify` with the token, never cached. A 401 ends the session in the API client;
 * the dashboard treats any other failure the same way.
 */
export const verifyQuery = () =>
  queryOptions({
    queryKey: authKeys.verify(),
    queryFn: ({ signal }) =>
      apiRequest<{ valid: true; admin: { id: number; email: string } }>('/auth/verify', { auth: true, signal }),
    retry: false,
    staleTime: Infinity,
  });

/** `POST /admin`: `remember` asks for the 30-day token instead of the 8-hour one. */
export const login = (input: LoginInput) => apiRequest<LoginResponse>('/admin', { method: 'POST', json: input });

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
