import type { ApplicantHistory } from '~/lib/notes';
import { apiRequest } from './client';

/** `POST /applicants/{id}/notes` (recruiters, owners): answers the notes and timeline anew. */
export const addNote = (applicantId: number, text: string) =>
  apiRequest<ApplicantHistory & { message: string }>(`/applicants/${applicantId}/notes`, {
    method: 'POST',
    json: { text },
    auth: true,
  });

/** `DELETE /applicants/{id}/notes/{noteId}` (the author). */
export const deleteNote = (applicantId: number, noteId: number) =>
  apiRequest<ApplicantHistory & { message: string }>(`/applicants/${applicantId}/notes/${noteId}`, {
    method: 'DELETE',
    auth: true,
  });
