import { Hono } from 'hono';
import { applicantMessages, findTransition } from '~/lib/schemas/applicant';
import { applicantSearchQuerySchema, statusUpdateSchema } from '~/lib/schemas/applicant-api';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import {
  deleteApplicant,
  getApplicantById,
  getResume,
  listApplicants,
  parseDbId,
  searchApplicants,
  updateApplicantStatus,
} from '../../db';
import { statusMails } from '../../mail';
import { apiError, fieldErrors, summarize } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { withEraseAt } from '../../services/retention-policy';
import { auditRequest } from '../../services/audit';
import { readResume, ResumeReadError } from '../../services/resume-reader';
import { applyService } from './apply-service';
import { resumeFilename } from '../../services/resume-filename';

/** `/applicants`: public apply; admin list and search, intake status, status change, delete, resume preview and download. */
export function applicantRoutes(services: Services) {
  const { db } = services;
  const guard = requireAdmin(services);
  const applications = applyService(services);

  return (
    new Hono<AppEnv>()
      .post('/apply', (c) => applications.submit(c))
      // Whether applications are accepted now (free disk space), for the dashboard's warning.
      .get('/intake', guard, async (c) => c.json(await applications.intake()))
      // Every applicant, newest first; with `?q=`, those matching it (name, e-mail, job title, cover
      // letter, resume text), best first, each with its matching passage.
      .get('/', guard, async (c) => {
        const parsed = applicantSearchQuerySchema.safeParse(c.req.query());
        if (!parsed.success) return apiError(c, 400, summarize(fieldErrors(parsed.error), applicantMessages.badSearch));
        const { q } = parsed.data;
        const found = q === undefined ? await listApplicants(db) : await searchApplicants(db, services.dbKind, q);
        const applicants = found.map((a) => withEraseAt(a, services.config.retentionDays));
        await auditRequest(services, c, 'applicants.listed', {
          summary:
            q === undefined
              ? `listed ${applicants.length} applicants`
              : `searched applicants, ${applicants.length} found`,
        });
        return c.json({ applicants });
      })
      .put('/:id/status', guard, jsonBody(statusUpdateSchema), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const applicant = id === null ? null : await getApplicantById(db, id);
        if (id === null || !applicant) return apiError(c, 404, applicantMessages.notFound);
        const { status, notify } = c.req.valid('json');
        const transition = findTransition(applicant.status, status);
        if (!transition) return apiError(c, 409, applicantMessages.transitionNotAllowed(applicant.status, status));
        const mails = notify ? (changed: typeof applicant) => statusMails(services.config.mail, changed) : undefined;
        const updated = await updateApplicantStatus(db, id, transition.from, transition.to, services.now(), mails);
        if (!updated) return apiError(c, 409, applicantMessages.changedMeanwhile);
        await auditRequest(services, c, 'applicant.status_changed', {
          subject: { type: 'applicant', id },
          summary: `changed status from ${transition.from} to ${transition.to}`,
        });
        return c.json({
          message: transition.successMessage,
          applicant: withEraseAt(updated, services.config.retentionDays),
        });
      })
      .delete('/:id', guard, async (c) => {
        const id = parseDbId(c.req.param('id'));
        if (id === null || !(await deleteApplicant(db, id))) return apiError(c, 404, applicantMessages.notFound);
        await auditRequest(services, c, 'applicant.deleted', { subject: { type: 'applicant', id } });
        return c.json({ message: applicantMessages.deleted });
      })
      // The resume shown in the page: a PDF's bytes (drawn by pdf.js in the browser), a DOCX as
      // sanitised HTML. A .doc, or a file that cannot be converted, answers 415 with the reason.
      .get('/:id/preview', guard, async (c) => {
        const id = parseDbId(c.req.param('id'));
        const resume = id === null ? null : await getResume(db, id);
        if (id === null || !resume) return apiError(c, 404, applicantMessages.resumeNotFound);
        if (resume.kind === 'doc') return apiError(c, 415, applicantMessages.resumeTextUnsupported);
        await auditRequest(services, c, 'resume.previewed', { subject: { type: 'applicant', id } });
        if (resume.kind === 'pdf') {
          return c.body(resume.data as Uint8Array<ArrayBuffer>, 200, {
            'Content-Type': resume.mimeType,
            'Content-Length': String(resume.data.byteLength),
            'Cache-Control': 'private, no-store',
          });
        }
        try {
          const html = await readResume({ task: 'html', kind: resume.kind, data: resume.data });
          c.header('Cache-Control', 'private, no-store');
          return c.json({ html });
        } catch (error) {
          if (!(error instanceof ResumeReadError)) throw error;
          return apiError(c, 415, applicantMessages.resumeTextMissing);
        }
      })
      .get('/:id/download', guard, async (c) => {
        const id = parseDbId(c.req.param('id'));
        const resume = id === null ? null : await getResume(db, id);
        if (!resume) return apiError(c, 404, applicantMessages.resumeNotFound);
        await auditRequest(services, c, 'resume.downloaded', { subject: { type: 'applicant', id: id as number } });
        const { ascii, utf8 } = resumeFilename(resume.name, resume.kind);
        return c.body(resume.data as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': resume.mimeType,
          'Content-Length': String(resume.data.byteLength),
          'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
          ETag: `"${resume.sha256}"`,
        });
      })
  );
}
