import type { Context } from 'hono';
import { isoDay } from '~/lib/calendar-day';
import { jobMessages } from '~/lib/schemas/job';
import { apiError } from '../../errors';

/** True when a closing day `closesAt` has ended by `now` (UTC): the vacancy is, or is about to be, closed. */
export const closingDayPassed = (closesAt: string | null, now: Date): boolean =>
  closesAt !== null && closesAt < isoDay(now);

/** The 400 for an open vacancy saved with a closing day already over; null when it may be saved. */
export function pastClosingDate(c: Context, closesAt: string | null, now: Date): Response | null {
  if (!closingDayPassed(closesAt, now)) return null;
  return apiError(c, 400, jobMessages.closesAtPast, { closesAt: jobMessages.closesAtPast });
}
