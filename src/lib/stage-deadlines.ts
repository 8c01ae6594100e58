/** How long an applicant may wait in each open stage before the team hears they are overdue. */
import { z } from 'zod/mini';
import type { Applicant, ApplicantStatus } from './schemas/applicant';

/** The stages with a deadline: the ones where the applicant waits on the team (not hired, rejected or withdrawn). */
export const DEADLINE_STAGES = [
  'pending',
  'shortlisted',
  'interview',
  'offer',
] as const satisfies readonly ApplicantStatus[];
type DeadlineStage = (typeof DEADLINE_STAGES)[number];
export type StageDeadlineDays = Record<DeadlineStage, number>;

/** Days in a stage before an applicant is overdue, until the owners set others (Applied, Screening, Interview, Offer). */
export const STAGE_DEADLINE_DEFAULT_DAYS: StageDeadlineDays = { pending: 7, shortlisted: 10, interview: 14, offer: 7 };

/** The bounds of one stage's days, in the settings form and its schema. */
export const STAGE_DEADLINE_MIN_DAYS = 1;
export const STAGE_DEADLINE_MAX_DAYS = 365;

const DAY_MS = 86_400_000;

const isDeadlineStage = (status: ApplicantStatus): status is DeadlineStage =>
  (DEADLINE_STAGES as readonly ApplicantStatus[]).includes(status);

/** When the applicant's current stage is due (its last change plus the stage's days); null in a stage without one. */
function stageDueAt(applicant: Pick<Applicant, 'status' | 'statusChangedAt'>, days: StageDeadlineDays): string | null {
  if (!isDeadlineStage(applicant.status)) return null;
  return new Date(Date.parse(applicant.statusChangedAt) + days[applicant.status] * DAY_MS).toISOString();
}

/** The applicant with its stage's due time and whether that has passed at `now`. */
export function withStageDeadline<T extends Applicant>(applicant: T, days: StageDeadlineDays, now: Date): T {
  const dueAt = stageDueAt(applicant, days);
  return { ...applicant, dueAt, overdue: dueAt !== null && Date.parse(dueAt) <= now.getTime() };
}

export const stageDeadlineMessages = {
  saved: 'Stage deadlines saved',
  daysRange: `Days must be a whole number from ${STAGE_DEADLINE_MIN_DAYS} to ${STAGE_DEADLINE_MAX_DAYS}`,
  /** The card's badge and the filter. */
  overdue: 'Overdue',
  overdueOnly: 'Overdue only',
} as const;

const daysSchema = z
  .int({ error: stageDeadlineMessages.daysRange })
  .check(
    z.minimum(STAGE_DEADLINE_MIN_DAYS, stageDeadlineMessages.daysRange),
    z.maximum(STAGE_DEADLINE_MAX_DAYS, stageDeadlineMessages.daysRange),
  );

/** `PUT /api/admins/stage-deadlines` body, and the team setting as stored: days per stage. */
export const stageDeadlineDaysSchema = z.object({
  pending: daysSchema,
  shortlisted: daysSchema,
  interview: daysSchema,
  offer: daysSchema,
}) satisfies z.ZodMiniType<StageDeadlineDays, unknown>;

/** The query parameter that opens the Applicants tab filtered to overdue applicants (the daily digest links it). */
export const OVERDUE_PARAM = 'overdue';
export const OVERDUE_APPLICANTS_PATH = `/admin?${OVERDUE_PARAM}=1#applicants`;
