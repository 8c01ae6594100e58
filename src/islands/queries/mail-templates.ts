import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api/client';
import type { MailTemplate } from '~/lib/schemas';

export const mailTemplateKeys = { all: ['mail-templates'] as const };

/** `GET /mail-templates` (recruiters, owners): by name. */
export const mailTemplatesQuery = () =>
  queryOptions({
    queryKey: mailTemplateKeys.all,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ templates: MailTemplate[] }>('/mail-templates', { auth: true, signal })).templates,
  });
