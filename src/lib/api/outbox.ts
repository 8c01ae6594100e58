import { apiRequest } from './client';

/** `POST /outbox/{id}/retry` (admin): a failed mail is tried again at once. */
export const retryMail = (id: number) =>
  apiRequest<{ message: string }>(`/outbox/${id}/retry`, { method: 'POST', auth: true });

/** `POST /outbox/failed/retry` (admin): every failed mail is tried again at once. */
export const retryFailedMails = () =>
  apiRequest<{ message: string; count: number }>('/outbox/failed/retry', { method: 'POST', auth: true });
