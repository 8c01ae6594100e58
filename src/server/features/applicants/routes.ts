import { Hono } from 'hono';
import { applicantMessages, type Applicant } from '~/lib/schemas/applicant';
import {
  applicantSearchQuerySchema,
  bulkActionSchema,
  statusUpdateSchema,
  undoRequestSchema,
} from '~/lib/schemas/applicant-api';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { deleteApplicant, getResume, listApplicants, parseDbId, searchApplicants } from '../../db';
import { statusMails } from '../../mail';
import { apiError, fieldErrors, summarize } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { adminApplicantView } from '../../services/stage-deadlines';
import { auditRequest } from '../../services/audit';
import { readResume, ResumeReadError } from '../../services/resume-reader';
import { moveToStage, stageRequestRefusal } from './stage-move';
import { auditTemplateMail, runBulk, templateFor, templateMails } from './bulk';
import { offerUndo, openUndoWindow, undoAction } from './undo';
import { resumeFilename } from '../../services/resume-filename';
import { applyService } from '../apply';
import { interviewRoutes } from '../interviews';
import { notesRoutes } from '../notes';
import { applicantPrivacyRoutes } from '../privacy';

/**
 * Everything under `/applicants`: public apply (the apply feature's); admin list and search, intake status, status
 * change, delete, resume preview and download; then the notes, interviews and personal data of one applicant.
 */
export function applicantRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);
  const applications = applyService(services);

  return (
    new Hono<AppEnv>()
      .post('/apply', (c) => applications.submit(c))
      // Whether applications are accepted now (free disk space), for the dashboard's warning.
      .get('/intake', requireRole('viewer'), async (c) => c.json(await applications.intake()))
      // Every applicant, newest first; with `?q=`, those matching it (name, e-mail, job title, cover
      // letter, resume text), best first, each with its matching passage.
      .get('/', requireRole('viewer'), async (c) => {
        const parsed = applicantSearchQuerySchema.safeParse(c.req.query());
        if (!parsed.success) return apiError(c, 400, summarize(fieldErrors(parsed.error), applicantMessages.badSearch));
        const { q } = parsed.data;
        const readerId = c.get('admin')?.id;
        const found =
          q === undefined
            ? await listApplicants(db, readerId)
            : await searchApplicants(db, services.dbKind, q, readerId);
        const applicants = found.map(await adminApplicantView(services));
        await auditRequest(services, c, 'applicants.listed', {
          summary:
            q === undefined
              ? `listed ${applicants.length} applicants`
              : `searched applicants, ${applicants.length} found`,
        });
        return c.json({ applicants });
      })
      .put('/:id/status', requireRole('recruiter'), jsonBody(statusUpdateSchema), async (c) => {
        const id = parseDbId(c.req.param('id'));
        if (id === null) return apiError(c, 404, applicantMessages.notFound);
        const { status, reason, notify, templateId } = c.req.valid('json');
        const refusal = stageRequestRefusal({ status, reason });
        if (refusal) return apiError(c, 400, refusal);
        const found = await templateFor(services, templateId);
        if ('refused' in found) return apiError(c, found.refused.httpStatus, found.refused.message);
        const { template } = found;
        const mails = (changed: Applicant) => [
          ...(notify ? statusMails(services.config.mail, changed) : []),
          ...(template ? templateMails(services, template)(changed) : []),
        ];
        const window = openUndoWindow(services.now());
        const outcome = await moveToStage(services, c, id, { status, reason }, mails, window);
        if (!outcome.ok) return apiError(c, outcome.httpStatus, outcome.message);
        if (template) await auditTemplateMail(services, c, id, template);
        return c.json({
          message: applicantMessages.moved(status),
          applicant: (await adminApplicantView(services))(outcome.applicant),
          undo: await offerUndo(services, c, window, [outcome.undo]),
        });
      })
      // Takes back the move or bulk action that answered `token`, while its mails still wait.
      .post('/undo', requireRole('recruiter'), jsonBody(undoRequestSchema), async (c) => {
        const outcome = await undoAction(services, c, c.req.valid('json').token);
        if (!outcome.ok) return apiError(c, outcome.httpStatus, outcome.message);
        const view = await adminApplicantView(services);
        return c.json({ message: outcome.message, applicants: outcome.applicants.map(view), skipped: outcome.skipped });
      })
      .post('/bulk', requireRole('recruiter'), jsonBody(bulkActionSchema), async (c) => {
        const answer = await runBulk(services, c, c.req.valid('json'));
        if ('refused' in answer) return apiError(c, answer.refused.httpStatus, answer.refused.message);
        return c.json(answer);
      })
      .delete('/:id', requireRole('recruiter'), async (c) => {
        const id = parseDbId(c.req.param('id'));
        if (id === null || !(await deleteApplicant(db, id))) return apiError(c, 404, applicantMessages.notFound);
        await auditRequest(services, c, 'applicant.deleted', { subject: { type: 'applicant', id } });
        return c.json({ message: applicantMessages.deleted });
      })
      // The resume shown in the page: a PDF's bytes (drawn by pdf.js in the browser), a DOCX as
      // sanitised HTML. A .doc, or a file that cannot be converted, answers 415 with the reason.
      .get('/:id/preview', requireRole('viewer'), async (c) => {
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
      .get('/:id/download', requireRole('viewer'), async (c) => {
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
      // After the routes above, so `/intake` is never read as an applicant's id.
      .route('/', notesRoutes(services))
      .route('/', interviewRoutes(services))
      .route('/', applicantPrivacyRoutes(services))
  );
}
