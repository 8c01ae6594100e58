import type { Context } from 'hono';
import { requestMessages } from '~/lib/schemas';
import type { DbFault } from './db';
import { apiError } from './errors';

/** A database comes back within seconds of a restart; a full disk waits for someone to free space. */
export const RETRY_AFTER_SECONDS: Record<DbFault, number> = { unavailable: 5, full: 60 };

/** What health names as down. */
export type Dependency = 'database' | 'disk';

/** What a request the database could not serve answers: 503 while it cannot be reached, 507 while it cannot write. */
export const FAULT_STATUS = { unavailable: 503, full: 507 } as const satisfies Record<DbFault, number>;

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
  return apiError(c, FAULT_STATUS[fault], fault === 'unavailable' ? requestMessages.unavailable : fullMessage);
}
