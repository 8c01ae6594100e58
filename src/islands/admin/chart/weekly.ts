import type { Applicant, ApplicantStatus } from '~/lib/schemas';
import { zeroByStatus } from '../applicants/filter';

export const CHART_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

export type WeekBucket = { start: Date; total: number } & Record<ApplicantStatus, number>;

/** Monday 00:00 (local time) of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

/**
 * Applications per week over the last `weeks` weeks (Monday to Sunday, the current week last),
 * split by their current status. Older applications are left out.
 */
export function weeklyApplications(
  applicants: readonly Pick<Applicant, 'appliedAt' | 'status'>[],
  now: Date,
  weeks = CHART_WEEKS,
): WeekBucket[] {
  const current = startOfWeek(now);
  const buckets: WeekBucket[] = Array.from({ length: weeks }, (_, i) => {
    const start = new Date(current);
    start.setDate(start.getDate() - 7 * (weeks - 1 - i));
    return { start, total: 0, ...zeroByStatus() };
  });
  const first = (buckets[0] as WeekBucket).start.getTime();
  for (const a of applicants) {
    const applied = startOfWeek(new Date(a.appliedAt)).getTime();
    if (Number.isNaN(applied) || applied < first) continue;
    // Whole weeks between the two Mondays; rounding absorbs a daylight-saving hour.
    const index = Math.round((applied - first) / (7 * DAY_MS));
    const bucket = buckets[index];
    if (!bucket) continue;
    bucket[a.status] += 1;
    bucket.total += 1;
  }
  return buckets;
}
