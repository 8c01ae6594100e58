import { Hono } from 'hono';
import { applicantMessages } from '~/lib/schemas/applicant';
import { templateInputSchema, templateMessages, templatePreviewSchema } from '~/lib/schemas/mail-template';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { getApplicantById, parseDbId } from '../../db';
import { deleteMailTemplate, insertMailTemplate, listMailTemplates, updateMailTemplate } from './repository';
import { apiError } from '../../errors';
import { templateMail } from '../../mail';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';

/** Whom a preview is addressed to when no applicant is chosen. */
const SAMPLE_APPLICANT = { name: 'Asha Rao', email: 'asha.rao@example.com', jobTitle: 'Embedded Firmware Engineer' };

/** `/mail-templates`: the team's templates of mails to applicants, and a preview of one as the applicant gets it. */
export function mailTemplateRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);

  return new Hono<AppEnv>()
    .get('/', requireRole('recruiter'), async (c) => c.json({ templates: await listMailTemplates(db) }))
    .post('/', requireRole('recruiter'), jsonBody(templateInputSchema), async (c) => {
      const template = await insertMailTemplate(db, c.req.valid('json'), services.now());
      await auditRequest(services, c, 'mail_template.created', { summary: `created mail template ${template.id}` });
      return c.json({ message: templateMessages.created, template }, 201);
    })
    .post('/preview', requireRole('recruiter'), jsonBody(templatePreviewSchema), async (c) => {
      const { subject, body, applicantId } = c.req.valid('json');
      const applicant = applicantId === undefined ? SAMPLE_APPLICANT : await getApplicantById(db, applicantId);
      if (!applicant) return apiError(c, 404, applicantMessages.notFound);
      const mail = templateMail(services.config.mail, { subject, body }, applicant);
      return c.json({ subject: mail.subject, text: mail.text, html: mail.html });
    })
    .put('/:id', requireRole('recruiter'), jsonBody(templateInputSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const template = id === null ? null : await updateMailTemplate(db, id, c.req.valid('json'), services.now());
      if (!template) return apiError(c, 404, templateMessages.notFound);
      await auditRequest(services, c, 'mail_template.updated', { summary: `updated mail template ${template.id}` });
      return c.json({ message: templateMessages.updated, template });
    })
    .delete('/:id', requireRole('recruiter'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null || !(await deleteMailTemplate(db, id))) return apiError(c, 404, templateMessages.notFound);
      await auditRequest(services, c, 'mail_template.deleted', { summary: `deleted mail template ${id}` });
      return c.json({ message: templateMessages.deleted });
    });
}
