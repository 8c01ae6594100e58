import type { Context } from 'hono';
import { requestMessages } from '~/lib/schemas';
import type { DbFault } from './db';
import { apiError } from './errors';

/** A database comes back within seconds of a restart; a full disk waits for someone to free space. */
const RETRY_AFTER_SECONDS: Record<DbFault, number> = { unavailable: 5, full: 60 };

/** What health names as down. */
export type Dependency = 'database' | 'disk';

/** Sets Retry-After for `fault` on the answer being built. */
export function retryAfterFault(c: Context, fault: DbFault): void {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS[fault]));
}

/**
 * The answer to a request the database could not serve: 503 while it cannot be reached, 507
 * while nothing can be written (`fullMessage`: a route's own wording), both with Retry-After.
 */
export function faultAnswer(c: Context, fault: DbFault, fullMessage: string = requestMessages.storageFull) {
  retryAfterFault(c, fault);
  return fault === 'unavailable' ? apiError(c, 503, requestMessages.unavailable) : apiError(c, 507, fullMessage);
}
