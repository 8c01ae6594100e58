import type { Context } from 'hono';
import { applicantMessages, bulkMessages, mailRefusal, type Applicant } from '~/lib/schemas/applicant';
import type { BulkAction, BulkAnswer, BulkResult } from '~/lib/schemas/applicant-api';
import type { MailTemplate } from '~/lib/schemas/mail-template';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { enqueueMails, getApplicantById } from '../../db';
import { getMailTemplate } from '../mail-templates';
import { templateMail } from '../../mail';
import { auditRequest } from '../../services/audit';
import { moveToStage, stageRequestRefusal } from './stage-move';
import type { ApplicantMails } from './service';
import { offerUndo, openUndoWindow, type UndoChange, type UndoWindow } from './undo';

/** A request refused as a whole, before any applicant is touched. */
type Refused = { refused: { httpStatus: 400 | 404; message: string } };

/** The template `templateId` names (null for none), or why the request is refused. */
export async function templateFor(
  services: Runtime,
  templateId: number | undefined,
): Promise<{ template: MailTemplate | null } | Refused> {
  if (templateId === undefined) return { template: null };
  const template = await getMailTemplate(services.db, templateId);
  return template ? { template } : { refused: { httpStatus: 404, message: bulkMessages.templateNotFound } };
}

/** The template's mail to an applicant, queued with whatever else the change queues. */
export const templateMails =
  (services: Runtime, template: MailTemplate): ApplicantMails =>
  (applicant: Applicant) => [templateMail(services.config.mail, template, applicant)];

/** Records that `template` was mailed to applicant `id` (the mail itself shows in their timeline). */
export const auditTemplateMail = (services: Runtime, c: Context<AppEnv>, id: number, template: MailTemplate) =>
  auditRequest(services, c, 'applicant.mailed', {
    subject: { type: 'applicant', id },
    summary: `mailed template ${template.id}`,
  });

/**
 * `POST /api/applicants/bulk`: checks the request as a whole (stage and reason, template), then
 * acts on each applicant on its own, so one refusal (withdrawn, gone, changed meanwhile) leaves
 * the others done; the answer says what happened to each, and offers to undo it while its mails wait.
 */
export async function runBulk(services: Runtime, c: Context<AppEnv>, body: BulkAction): Promise<BulkAnswer | Refused> {
  const ids = [...new Set(body.ids)];
  if (body.action === 'mail' && body.templateId === undefined)
    return { refused: { httpStatus: 400, message: bulkMessages.templateRequired } };
  if (body.action === 'status') {
    if (!body.status) return { refused: { httpStatus: 400, message: bulkMessages.statusRequired } };
    const refusal = stageRequestRefusal({ status: body.status, reason: body.reason });
    if (refusal) return { refused: { httpStatus: 400, message: refusal } };
  }
  const found = await templateFor(services, body.templateId);
  if ('refused' in found) return found;
  const { template } = found;

  const window = openUndoWindow(services.now());
  const results: BulkResult[] = [];
  const changes: UndoChange[] = [];
  for (const id of ids) {
    if (body.action === 'status' && body.status) {
      const mails = template ? templateMails(services, template) : undefined;
      const request = { status: body.status, reason: body.reason };
      const outcome = await moveToStage(services, c, id, request, mails, window);
      if (!outcome.ok) results.push({ id, ok: false, message: outcome.message });
      else {
        if (template) await auditTemplateMail(services, c, id, template);
        results.push({ id, ok: true, status: outcome.applicant.status });
        changes.push(outcome.undo);
      }
    } else if (template) {
      const result = await mailOne(services, c, id, template, window);
      results.push(result);
      if (result.ok) changes.push({ id, move: null });
    }
  }
  const ok = results.filter((r) => r.ok).length;
  const mails = template ? ok : 0;
  const to = body.action === 'status' ? (body.status ?? null) : null;
  return {
    message: bulkMessages.done(ok, results.length, to, mails),
    results,
    undo: await offerUndo(services, c, window, changes),
  };
}

async function mailOne(
  services: Runtime,
  c: Context<AppEnv>,
  id: number,
  template: MailTemplate,
  window: UndoWindow,
): Promise<BulkResult> {
  const applicant = await getApplicantById(services.db, id);
  if (!applicant) return { id, ok: false, message: applicantMessages.notFound };
  const refusal = mailRefusal(applicant.status);
  if (refusal) return { id, ok: false, message: refusal };
  await enqueueMails(services.db, templateMails(services, template)(applicant), services.now(), window.hold(id));
  await auditTemplateMail(services, c, id, template);
  return { id, ok: true, status: applicant.status };
}
