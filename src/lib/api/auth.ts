import { queryOptions } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '~/lib/schemas';
import { apiRequest } from './client';

export const authKeys = { all: ['auth'] as const, verify: () => [...authKeys.all, 'verify'] as const };

/**
 * `GET /auth/verify` with the token, never cached. A 401 ends the session in the API client;
 * the dashboard treats any other failure the same way (SPEC §6).
 */
export const verifyQuery = () =>
  queryOptions({
    queryKey: authKeys.verify(),
    queryFn: ({ signal }) => apiRequest<{ valid: true; admin: { id: number; email: string } }>('/auth/verify', { auth: true, signal }),
    retry: false,
    staleTime: Infinity,
  });

/** `POST /admin`: `remember` asks for the 30-day token instead of the 8-hour one. */
export const login = (input: LoginInput) => apiRequest<LoginResponse>('/admin', { method: 'POST', json: input });
