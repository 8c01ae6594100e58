import type { ApplicationLinkInput } from '~/lib/schemas/application-link';
import type { ApplicationSlots, ApplicationView } from '~/lib/schemas/application-page';
import { apiRequest } from './client';
import { apiUrl } from './config';

const path = (token: string) => `/applications/${encodeURIComponent(token)}`;

/** `GET /applications/{token}`: the application as its applicant sees it (404 once erased). */
export const fetchApplication = (token: string, signal: AbortSignal) =>
  apiRequest<ApplicationView>(path(token), { signal });

/** `POST /applications/{token}/withdraw`. */
export const withdrawApplication = (token: string) =>
  apiRequest<{ message: string }>(`${path(token)}/withdraw`, { method: 'POST' });

/** `DELETE /applications/{token}`: erases everything stored under the application's address. */
export const eraseApplication = (token: string) => apiRequest<{ message: string }>(path(token), { method: 'DELETE' });

/** `POST /applications/link`: always the same neutral answer (202). */
export const requestApplicationLinks = (input: ApplicationLinkInput) =>
  apiRequest<{ message: string }>('/applications/link', { method: 'POST', json: input });

/** Where "Download my data" points: the zip downloads as a plain link. */
export const applicationExportUrl = (token: string) => apiUrl(`${path(token)}/export`);

/** Where "Add to calendar" points: the booked interview as an .ics file. */
export const applicationInterviewUrl = (token: string) => apiUrl(`${path(token)}/interview.ics`);

/** `GET /applications/{token}/interview-slots`: the offered times still free, and the one booked. */
export const fetchApplicationSlots = (token: string, signal: AbortSignal) =>
  apiRequest<ApplicationSlots>(`${path(token)}/interview-slots`, { signal });

/** Books (POST), moves the booking to (PUT) or cancels (DELETE) slot `slotId`; 409 when taken or too late. */
export const changeApplicationSlot = (token: string, method: 'POST' | 'PUT' | 'DELETE', slotId: number) =>
  apiRequest<ApplicationSlots & { message: string }>(`${path(token)}/interview-slots/${slotId}`, { method });
