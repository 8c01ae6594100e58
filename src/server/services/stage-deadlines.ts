import type { Kysely } from 'kysely';
import type { Applicant } from '~/lib/schemas/applicant';
import {
  STAGE_DEADLINE_DEFAULT_DAYS,
  stageDeadlineDaysSchema,
  withStageDeadline,
  type StageDeadlineDays,
} from '~/lib/stage-deadlines';
import type { Runtime } from '../config';
import { getTeamSetting, setTeamSetting, type Database } from '../db';
import { withEraseAt } from './retention-policy';

/** The team setting: the owners' days per stage, as JSON; missing, the defaults apply. */
const STAGE_DEADLINE_DAYS = 'stage_deadline_days';

/** The days per stage the team set, or the defaults (also when the stored value no longer reads). */
export async function stageDeadlineDays(db: Kysely<Database>): Promise<StageDeadlineDays> {
  const stored = await getTeamSetting(db, STAGE_DEADLINE_DAYS);
  if (stored === null) return STAGE_DEADLINE_DEFAULT_DAYS;
  try {
    const parsed = stageDeadlineDaysSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : STAGE_DEADLINE_DEFAULT_DAYS;
  } catch {
    return STAGE_DEADLINE_DEFAULT_DAYS;
  }
}

export async function saveStageDeadlineDays(db: Kysely<Database>, days: StageDeadlineDays): Promise<void> {
  await setTeamSetting(db, STAGE_DEADLINE_DAYS, JSON.stringify(days));
}

/** How the admin API answers applicants: with the erase-on date, the stage's due time and whether it is overdue now. */
export async function adminApplicantView(services: Runtime): Promise<<T extends Applicant>(applicant: T) => T> {
  const days = await stageDeadlineDays(services.db);
  const now = services.now();
  return (applicant) => withStageDeadline(withEraseAt(applicant, services.config.retentionDays), days, now);
}
