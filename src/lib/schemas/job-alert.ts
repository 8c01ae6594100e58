import { z } from 'zod/mini';
import { jobAlertMessages as m } from '../job-alerts';
import { EMAIL_MAX, JOB_DEPARTMENT_MAX } from '../limits';

/** `POST /api/alerts`: an address and a department (empty: every vacancy). */
export const jobAlertSchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .check(z.trim(), z.minLength(1, m.emailRequired), z.maxLength(EMAIL_MAX, m.emailInvalid), z.email(m.emailInvalid)),
  department: z.optional(
    z.string({ error: m.departmentInvalid }).check(z.trim(), z.maxLength(JOB_DEPARTMENT_MAX, m.departmentInvalid)),
  ),
});
export type JobAlertInput = z.infer<typeof jobAlertSchema>;
