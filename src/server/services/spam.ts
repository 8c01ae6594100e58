import type { Context } from 'hono';
import { SPAM_MESSAGE, spamReason, type SpamFields } from '~/lib/spam';
import type { Runtime } from '../config';
import type { AppEnv } from '../context';
import { apiError } from '../errors';

/**
 * The server side of the spam rule for one public form: returns the neutral 400 answer for a
 * submission that filled the honeypot or came too fast, else null. Each rejection is logged with
 * the form's running count, so the logs show how much spam arrives without storing any of it.
 */
export function spamFilter(services: Runtime, form: 'contact' | 'application') {
  let rejected = 0;
  return (c: Context<AppEnv>, fields: SpamFields): Response | null => {
    const reason = spamReason(fields, services.config.spamMinFillMs);
    if (!reason) return null;
    rejected += 1;
    c.var.log.warn({ form, reason, rejectedSinceStart: rejected }, 'spam rejected');
    return apiError(c, 400, SPAM_MESSAGE);
  };
}
