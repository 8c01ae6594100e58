import type { OutboxMailText } from '../schemas/outbox';
import { apiRequest } from './client';

/** `POST /outbox/{id}/retry` (admin): a failed mail is tried again at once. */
export const retryMail = (id: number) =>
  apiRequest<{ message: string }>(`/outbox/${id}/retry`, { method: 'POST', auth: true });

/** `POST /outbox/failed/retry` (admin): every failed mail is tried again at once. */
export const retryFailedMails = () =>
  apiRequest<{ message: string; count: number }>('/outbox/failed/retry', { method: 'POST', auth: true });

/** `POST /outbox/held/{release|discard}` (owner): the mails held after a restore are sent, or deleted unsent. */
export const settleHeldMails = (action: 'release' | 'discard') =>
  apiRequest<{ message: string; count: number }>(`/outbox/held/${action}`, { method: 'POST', auth: true });

/** `GET /outbox/{id}/text` (admin): the plain text of a mail that carries no private link. */
export const fetchMailText = (id: number) => apiRequest<OutboxMailText>(`/outbox/${id}/text`, { auth: true });
