import { z } from 'zod/mini';
import { EMAIL_MAX } from '../limits';
import { applicationPageMessages as m } from './application-page';

/** `POST /api/applications/link`: "Send me my link" with the address the application was sent from. */
export const applicationLinkSchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .check(z.trim(), z.minLength(1, m.emailRequired), z.maxLength(EMAIL_MAX, m.emailInvalid), z.email(m.emailInvalid)),
});
export type ApplicationLinkInput = z.infer<typeof applicationLinkSchema>;
