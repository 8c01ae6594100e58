import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { ContactMessage } from '~/lib/schemas';

export const messageKeys = { all: ['messages'] as const, list: () => [...messageKeys.all, 'list'] as const };

/** `GET /messages` (admin): contact messages stored by the API, newest first. */
export const messagesQuery = () =>
  queryOptions({
    queryKey: messageKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ messages: ContactMessage[] }>('/messages', { auth: true, signal })).messages,
  });
