import { ID_PATTERN } from '~/lib/schemas/ids';

/** Largest id the integer primary keys can hold (PostgreSQL int4; SQLite agrees by convention). */
const MAX_DB_ID = 2_147_483_647;

/** True for a positive integer id that can exist in the database; callers answer 404 otherwise. */
export function isDbId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_DB_ID;
}

/** Parses a path parameter like "42"; anything else ("01", "1e3", " 3 ", "0x3", "abc") gives null. */
export function parseDbId(raw: string | undefined): number | null {
  if (raw === undefined || !ID_PATTERN.test(raw)) return null;
  const id = Number(raw);
  return isDbId(id) ? id : null;
}
