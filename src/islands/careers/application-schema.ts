import { z } from 'zod';
import { CONSENT_FIELD, consentMessages } from '~/lib/privacy';
import { applicationFieldsSchema, validateResumeFile } from '~/lib/schemas/application';
import { SOURCE_FIELD } from '~/lib/sources';
import type { SpamFields } from '~/lib/spam';

/** The resume as the browser holds it: a File, or null before one is chosen. */
const resumeSchema = z.custom<File | null>().superRefine((file, ctx): file is File => {
  const message = validateResumeFile(file);
  if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  return message === null;
});

/**
 * The application form in the browser: the shared text-field rules (the same schema
 * the API checks) plus the resume file, checked by the shared `validateResumeFile`.
 */
export const applicationFormSchema = applicationFieldsSchema.extend({
  resume: resumeSchema,
  /** The privacy notice consent: required, and sent as `consent=true`. */
  consent: z.boolean().refine((ticked) => ticked, consentMessages.required),
});

export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationFormValues = z.output<typeof applicationFormSchema>;

export const emptyApplication: ApplicationFormInput = {
  name: '',
  email: '',
  phone: '',
  linkedin: '',
  coverLetter: '',
  resume: null,
  consent: false,
};

/**
 * The multipart body of `POST /applicants/apply` plus the spam fields (src/lib/spam.ts) and the
 * job link's source; text is already trimmed by the schema.
 */
export function applicationFormData(
  jobId: number,
  values: ApplicationFormValues,
  spam: SpamFields,
  source: string,
): FormData {
  const body = new FormData();
  body.set('jobId', String(jobId));
  body.set(SOURCE_FIELD, source);
  body.set('name', values.name);
  body.set('email', values.email);
  body.set('phone', values.phone);
  body.set('linkedin', values.linkedin ?? '');
  body.set('coverLetter', values.coverLetter);
  body.set(CONSENT_FIELD, String(values.consent));
  for (const [name, value] of Object.entries(spam)) body.set(name, String(value));
  body.set('resume', values.resume, values.resume.name);
  return body;
}
