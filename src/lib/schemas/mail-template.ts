import { z } from 'zod/mini';
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from '../limits';

/** What a template may name in `{{…}}`, and what each becomes in the mail. */
export const TEMPLATE_PLACEHOLDERS = {
  firstName: "The applicant's first name",
  jobTitle: 'The title of the vacancy they applied for',
  companyName: 'Our company name',
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
const KNOWN = Object.keys(TEMPLATE_PLACEHOLDERS) as TemplatePlaceholder[];
const listed = KNOWN.map((name) => `{{${name}}}`).join(', ');

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const templateMessages = {
  nameRequired: 'Give the template a name',
  nameTooLong: `A name has at most ${TEMPLATE_NAME_MAX} characters`,
  subjectRequired: 'Write a subject',
  subjectTooLong: `A subject has at most ${TEMPLATE_SUBJECT_MAX} characters`,
  bodyRequired: 'Write the text of the mail',
  bodyTooLong: `The text has at most ${TEMPLATE_BODY_MAX.toLocaleString('en-US')} characters`,
  unknownPlaceholders: (names: readonly string[]) =>
    `Unknown placeholder${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}: use ${listed}`,
  notFound: 'Template not found',
  created: 'Template saved',
  updated: 'Template updated',
  deleted: 'Template deleted',
} as const;

/** The placeholders in `text` that a template cannot use, each once. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  return [...new Set(names.filter((name) => !(KNOWN as string[]).includes(name)))];
}

/** `text` with each placeholder replaced by its value, as plain text (the mail template escapes it). */
export function fillPlaceholders(text: string, values: Record<TemplatePlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    (KNOWN as string[]).includes(name) ? values[name as TemplatePlaceholder] : whole,
  );
}

const withKnownPlaceholders = z.refine<string>((text) => unknownPlaceholders(text).length === 0, {
  error: (issue) => templateMessages.unknownPlaceholders(unknownPlaceholders(String(issue.input))),
});

/** `POST /api/mail-templates`, `PUT /api/mail-templates/{id}` and the preview of a draft. */
export const templateInputSchema = z.object({
  name: z
    .string({ error: templateMessages.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, templateMessages.nameRequired),
      z.maxLength(TEMPLATE_NAME_MAX, templateMessages.nameTooLong),
    ),
  subject: z
    .string({ error: templateMessages.subjectRequired })
    .check(
      z.trim(),
      z.minLength(1, templateMessages.subjectRequired),
      z.maxLength(TEMPLATE_SUBJECT_MAX, templateMessages.subjectTooLong),
      withKnownPlaceholders,
    ),
  body: z
    .string({ error: templateMessages.bodyRequired })
    .check(
      z.trim(),
      z.minLength(1, templateMessages.bodyRequired),
      z.maxLength(TEMPLATE_BODY_MAX, templateMessages.bodyTooLong),
      withKnownPlaceholders,
    ),
});
export type TemplateInput = z.output<typeof templateInputSchema>;

/** `POST /api/mail-templates/preview`: a draft, shown as the applicant `applicantId` (or a sample one) would get it. */
export const templatePreviewSchema = z.extend(templateInputSchema, {
  name: z.optional(z.string()),
  applicantId: z.optional(z.int()),
});

/** A kept template, as the API answers it. */
export type MailTemplate = TemplateInput & { id: number; updatedAt: string };

/** A rendered mail, as the preview answers it. */
export type MailPreview = { subject: string; text: string; html: string };
