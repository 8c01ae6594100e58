/** Largest id the integer primary keys can hold (PostgreSQL int4; SQLite agrees by convention). */
export const MAX_DB_ID = 2_147_483_647;

/** True for a positive integer id that can exist in the database; callers answer 404 otherwise. */
export function isDbId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_DB_ID;
}

/** Parses a path parameter like "42"; anything else (negative, huge, "1e3", "abc") gives null. */
export function parseDbId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isDbId(id) ? id : null;
}
