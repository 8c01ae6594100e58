import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { SessionInfo } from '~/lib/team';

export const authKeys = { all: ['auth'] as const, verify: () => [...authKeys.all, 'verify'] as const };

/**
 * `GET /auth/verify` with the token, never cached. A 401 ends the session in the API client;
 * the dashboard treats any other failure the same way.
 */
export const verifyQuery = () =>
  queryOptions({
    queryKey: authKeys.verify(),
    queryFn: ({ signal }) => apiRequest<SessionInfo>('/auth/verify', { auth: true, signal }),
    retry: false,
    staleTime: Infinity,
  });
