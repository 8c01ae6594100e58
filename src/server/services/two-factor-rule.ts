import type { Kysely } from 'kysely';
import { getTeamSetting, type Database } from '../db';

/** The team setting: '1' when owners require two-factor sign-in of every member. */
export const REQUIRE_TWO_FACTOR = 'require_two_factor';

export const teamRequiresTwoFactor = async (db: Kysely<Database>): Promise<boolean> =>
  (await getTeamSetting(db, REQUIRE_TWO_FACTOR)) === '1';
