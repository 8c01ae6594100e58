import { apiRequest } from './client';

/** `POST /outbox/{id}/retry` (admin): a failed mail is tried again at once. */
export const retryMail = (id: number) =>
  apiRequest<{ message: string }>(`/outbox/${id}/retry`, { method: 'POST', auth: true });
