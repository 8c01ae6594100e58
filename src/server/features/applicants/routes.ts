import { Hono } from 'hono';
import { applicantMessages, type Applicant } from '~/lib/schemas/applicant';
import { bulkActionSchema, statusUpdateSchema } from '~/lib/schemas/applicant-api';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { deleteApplicant, getResume, listApplicants, parseDbId } from '../../db';
import { statusMails } from '../../mail';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { withEraseAt } from '../../services/retention-policy';
import { auditRequest } from '../../services/audit';
import { applyService } from './apply-service';
import { moveToStage, stageRequestRefusal } from './stage-move';
import { auditTemplateMail, runBulk, templateFor, templateMails } from './bulk';
import { resumeFilename } from '../../services/resume-filename';

/** `/applicants`: public apply; admin list, intake status, status change, delete, resume download. */
export function applicantRoutes(services: Services) {
  const { db } = services;
  const guard = requireAdmin(services);
  const applications = applyService(services);

  return (
    new Hono<AppEnv>()
      .post('/apply', (c) => applications.submit(c))
      // Whether applications are accepted now (free disk space), for the dashboard's warning.
      .get('/intake', guard, async (c) => c.json(await applications.intake()))
      .get('/', guard, async (c) => {
        const applicants = (await listApplicants(db)).map((a) => withEraseAt(a, services.config.retentionDays));
        await auditRequest(services, c, 'applicants.listed', { summary: `listed ${applicants.length} applicants` });
        return c.json({ applicants });
      })
      .put('/:id/status', guard, jsonBody(statusUpdateSchema), async (c) => {
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
        const outcome = await moveToStage(services, c, id, { status, reason }, mails);
        if (!outcome.ok) return apiError(c, outcome.httpStatus, outcome.message);
        if (template) await auditTemplateMail(services, c, id, template);
        return c.json({
          message: applicantMessages.moved(status),
          applicant: withEraseAt(outcome.applicant, services.config.retentionDays),
        });
      })
      .post('/bulk', guard, jsonBody(bulkActionSchema), async (c) => {
        const answer = await runBulk(services, c, c.req.valid('json'));
        if ('refused' in answer) return apiError(c, answer.refused.httpStatus, answer.refused.message);
        return c.json(answer);
      })
      .delete('/:id', guard, async (c) => {
        const id = parseDbId(c.req.param('id'));
        if (id === null || !(await deleteApplicant(db, id))) return apiError(c, 404, applicantMessages.notFound);
        await auditRequest(services, c, 'applicant.deleted', { subject: { type: 'applicant', id } });
        return c.json({ message: applicantMessages.deleted });
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
