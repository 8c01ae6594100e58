import { Hono } from 'hono';
import { noteMessages, noteSchema } from '~/lib/notes';
import { applicantMessages } from '~/lib/schemas/applicant';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { deleteOwnNote, getApplicantById, insertNote, parseDbId } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { applicantHistory } from '../../services/applicant-history';

/**
 * Notes on an applicant, under `/applicants/{id}/notes`: recruiters and owners write them (plain
 * text), authors delete their own. Both answer the applicant's notes and timeline anew.
 */
export function notesRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);

  return new Hono<AppEnv>()
    .post('/:id/notes', requireRole('recruiter'), jsonBody(noteSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const applicant = id === null ? null : await getApplicantById(db, id);
      const admin = c.var.admin;
      if (id === null || !applicant || !admin) return apiError(c, 404, applicantMessages.notFound);
      await insertNote(
        db,
        { applicantId: id, adminId: admin.id, author: admin.email, text: c.req.valid('json').text },
        services.now(),
      );
      await auditRequest(services, c, 'note.added', { subject: { type: 'applicant', id } });
      return c.json({ message: noteMessages.added, ...(await applicantHistory(db, applicant, admin.id)) }, 201);
    })
    .delete('/:id/notes/:noteId', requireRole('recruiter'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const noteId = parseDbId(c.req.param('noteId'));
      const applicant = id === null ? null : await getApplicantById(db, id);
      const admin = c.var.admin;
      if (id === null || !applicant || !admin) return apiError(c, 404, applicantMessages.notFound);
      const result = noteId === null ? 'not_found' : await deleteOwnNote(db, id, noteId, admin.id);
      if (result === 'not_found') return apiError(c, 404, noteMessages.notFound);
      if (result === 'not_author') return apiError(c, 403, noteMessages.notAuthor);
      await auditRequest(services, c, 'note.deleted', { subject: { type: 'applicant', id } });
      return c.json({ message: noteMessages.deleted, ...(await applicantHistory(db, applicant, admin.id)) });
    });
}
