import { apiRequest } from './client';

export const deleteMessage = (id: number) =>
  apiRequest<{ message: string }>(`/messages/${id}`, { method: 'DELETE', auth: true });

/** Marks a contact message handled, or not handled again. */
export const setMessageHandled = (id: number, handled: boolean) =>
  apiRequest<{ message: string; id: number; handledAt: string | null }>(`/messages/${id}/handled`, {
    method: 'PUT',
    json: { handled },
    auth: true,
  });
