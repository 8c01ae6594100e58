import type { MailPreview, MailTemplate, TemplateInput } from '~/lib/schemas/mail-template';
import { apiRequest } from './client';

type Saved = { message: string; template: MailTemplate };

/** `POST /mail-templates` or, with an id, `PUT /mail-templates/{id}` (recruiters, owners). */
export const saveMailTemplate = (input: TemplateInput, id?: number) =>
  apiRequest<Saved>(id === undefined ? '/mail-templates' : `/mail-templates/${id}`, {
    method: id === undefined ? 'POST' : 'PUT',
    json: input,
    auth: true,
  });

export const deleteMailTemplate = (id: number) =>
  apiRequest<{ message: string }>(`/mail-templates/${id}`, { method: 'DELETE', auth: true });

/** `POST /mail-templates/preview`: the draft as `applicantId` (or a sample applicant) gets it. */
export const previewMailTemplate = (draft: Pick<TemplateInput, 'subject' | 'body'>, applicantId?: number) =>
  apiRequest<MailPreview>('/mail-templates/preview', {
    method: 'POST',
    json: applicantId === undefined ? draft : { ...draft, applicantId },
    auth: true,
  });
