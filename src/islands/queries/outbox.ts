import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { OutboxList } from '~/lib/schemas';

export const outboxKeys = { all: ['outbox'] as const, list: () => [...outboxKeys.all, 'list'] as const };

/** How often the open dashboard refreshes the outbox, so a delivery or a failure shows up unasked; faster while mail is pending. */
const OUTBOX_REFRESH_MS = 30_000;
const OUTBOX_PENDING_REFRESH_MS = 3_000;

/** `GET /outbox` (admin): the newest mails, counts per status, and whether SMTP is configured. */
export const outboxQuery = () =>
  queryOptions({
    queryKey: outboxKeys.list(),
    queryFn: ({ signal }) => apiRequest<OutboxList>('/outbox', { auth: true, signal }),
    refetchInterval: (query) =>
      query.state.data?.mails.some((mail) => mail.status === 'pending') ? OUTBOX_PENDING_REFRESH_MS : OUTBOX_REFRESH_MS,
  });
