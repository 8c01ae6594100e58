import type { Kysely } from 'kysely';
import { RESPONSE_TIME_MIN_APPLICATIONS, RESPONSE_TIME_WINDOW_DAYS, type ResponseTime } from '~/lib/response-time';
import type { Database } from '../../db';
import { firstRepliesSince } from './repository';

const DAY_MS = 86_400_000;

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The median hours from applying to the team's first reply (a stage change or a mail to the applicant), over
 * the applications of the last 90 days that got one; null below ten applications in that window, or with no reply.
 */
async function responseTime(db: Kysely<Database>, now: Date): Promise<ResponseTime> {
  const since = new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * DAY_MS).toISOString();
  const applications = await firstRepliesSince(db, since);
  const waits = applications.flatMap((a) =>
    a.repliedAt === null ? [] : [(Date.parse(a.repliedAt) - Date.parse(a.appliedAt)) / 3_600_000],
  );
  if (applications.length < RESPONSE_TIME_MIN_APPLICATIONS || waits.length === 0) return { medianHours: null };
  return { medianHours: Math.round(median(waits) * 10) / 10 };
}

/** The figure computed once per UTC day, on the day's first request. */
export function dailyResponseTime(db: Kysely<Database>, now: () => Date): () => Promise<ResponseTime> {
  let cached: { day: string; value: Promise<ResponseTime> } | null = null;
  return () => {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    if (cached?.day !== day) {
      const value = responseTime(db, at);
      cached = { day, value };
      // A failed computation is tried again on the next request.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}
