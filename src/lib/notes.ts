/** Notes on applicants and the timeline of what happened to an application: shared by the dialog and the API. */
import { z } from 'zod/mini';
import type { ApplicantStatus } from './schemas/applicant';

export const NOTE_MAX = 2000;

export const noteMessages = {
  required: 'Write a note first',
  tooLong: `A note has at most ${NOTE_MAX.toLocaleString('en-US')} characters`,
  added: 'Note added',
  deleted: 'Note deleted',
  notFound: 'Note not found',
  notAuthor: 'Only the author can delete a note',
} as const;

/** `POST /api/applicants/{id}/notes`: plain text, never HTML. */
export const noteSchema = z.object({
  text: z
    .string({ error: noteMessages.required })
    .check(z.trim(), z.minLength(1, noteMessages.required), z.maxLength(NOTE_MAX, noteMessages.tooLong)),
});

type ApplicantNote = {
  id: number;
  text: string;
  /** The name the author goes by, else the e-mail they wrote it under. */
  author: string | null;
  at: string;
  /** Written by the admin asking: they may delete it. */
  mine: boolean;
};

/** One line of an application's timeline, oldest first. */
export type TimelineEvent = {
  kind: 'applied' | 'status' | 'interview' | 'mail' | 'note';
  at: string;
  /** Who did it (a member's name, else their e-mail); null for the applicant or the system. */
  by: string | null;
  text: string;
  /** For a note: its id (to delete it). */
  noteId?: number;
};

/** What `GET /api/applicants/{id}` adds to the detail, and what adding or deleting a note answers. */
export type ApplicantHistory = {
  notes: ApplicantNote[];
  timeline: TimelineEvent[];
  /** The same person's other applications (same e-mail address or phone), newest first. */
  otherApplications: OtherApplication[];
};

/** Another application of the same person, as the applicant dialog lists it. */
export type OtherApplication = { id: number; jobTitle: string; appliedAt: string; status: ApplicantStatus };
