import type { Context } from 'hono';
import { consentFieldSchema, consentMessages } from '~/lib/privacy';
import type { AppEnv } from '../context';
import { apiError } from '../errors';

/** The 400 answer for an application sent without `consent=true`, or null when consent was given. */
export function refuseWithoutConsent(c: Context<AppEnv>, value: string | undefined): Response | null {
  if (consentFieldSchema.safeParse(value).success) return null;
  return apiError(c, 400, consentMessages.required, { consent: consentMessages.required });
}
