import { RETENTION_CLASS, type Applicant } from '~/lib/schemas/applicant';
import type { RetentionDays } from '../config';

const DAY_MS = 86_400_000;

/** `days` before `now`, as the ISO timestamps the database stores (they compare as strings). */
export function cutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** When retention will erase this applicant: its last status change plus the limit of its stage (RETENTION_CLASS). */
export function eraseAt(applicant: Pick<Applicant, 'status' | 'statusChangedAt'>, days: RetentionDays): string {
  const limit = days[RETENTION_CLASS[applicant.status]];
  return new Date(Date.parse(applicant.statusChangedAt) + limit * DAY_MS).toISOString();
}

/** The applicant as the admin API answers it: with its erase-on date. */
export function withEraseAt<T extends Applicant>(applicant: T, days: RetentionDays): T {
  return { ...applicant, eraseAt: eraseAt(applicant, days) };
}
