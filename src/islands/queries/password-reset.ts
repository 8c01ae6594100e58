import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';

/** `GET /auth/forgot`: whether this server can send reset links (SMTP configured). */
export const resetAvailabilityQuery = () =>
  queryOptions({
    queryKey: ['auth', 'forgot'] as const,
    queryFn: ({ signal }) => apiRequest<{ byEmail: boolean }>('/auth/forgot', { signal }),
    staleTime: Infinity,
    retry: false,
  });
