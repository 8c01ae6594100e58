import { z } from 'zod/mini';
import { CONSENT_FIELD, consentMessages } from '~/lib/privacy';
import {
  APPLICATION_KIND_FIELD,
  applicationFieldsSchema,
  applicationMessages,
  fieldOfInterestSchema,
  validateResumeFile,
} from '~/lib/schemas/application';
import { SOURCE_FIELD } from '~/lib/sources';
import type { SpamFields } from '~/lib/spam';

/** The resume as the browser holds it: a File, or null before one is chosen; a File once valid. */
const resumeSchema = z.pipe(
  z.custom<File | null>(),
  z.transform((file: File | null, ctx) => {
    const message = validateResumeFile(file);
    if (file && message === null) return file;
    ctx.issues.push({ code: 'custom', message: message ?? applicationMessages.resumeRequired, input: file });
    return z.NEVER;
  }),
);

/**
 * The application form in the browser: the shared text-field rules (the same schema
 * the API checks) plus the resume file, checked by the shared `validateResumeFile`.
 */
export const applicationFormSchema = z.extend(applicationFieldsSchema, {
  resume: resumeSchema,
  /** The privacy notice consent: required, and sent as `consent=true`. */
  consent: z.boolean().check(z.refine((ticked) => ticked, consentMessages.required)),
  /** Only a general application asks for it (openApplicationFormSchema). */
  fieldOfInterest: z.optional(z.string()),
});

/** The general application (no vacancy): the same form, and the field the applicant would like to work in. */
export const openApplicationFormSchema = z.extend(applicationFormSchema, {
  fieldOfInterest: fieldOfInterestSchema,
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
  fieldOfInterest: '',
};

/**
 * The multipart body of `POST /applicants/apply` plus the spam fields (src/lib/spam.ts) and the
 * job link's source; text is already trimmed by the schema. A null `jobId` sends a general
 * application (`kind=open`) with its field of interest.
 */
export function applicationFormData(
  jobId: number | null,
  values: ApplicationFormValues,
  spam: SpamFields,
  source: string,
): FormData {
  const body = new FormData();
  if (jobId === null) {
    body.set(APPLICATION_KIND_FIELD, 'open');
    body.set('fieldOfInterest', values.fieldOfInterest ?? '');
  } else body.set('jobId', String(jobId));
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
