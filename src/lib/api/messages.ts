import { apiRequest } from './client';

export const deleteMessage = (id: number) =>
  apiRequest<{ message: string }>(`/messages/${id}`, { method: 'DELETE', auth: true });
