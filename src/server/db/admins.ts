import type { Kysely } from 'kysely';
import { isDbId } from './ids';
import type { Role } from '~/lib/team';
import type { AdminRow, Database } from './schema';

/** Who a token belongs to now, what they may do, and whether a logout ended it. */
export type SessionAdmin = {
  id: number;
  email: string;
  displayName: string | null;
  role: Role;
  twoFactor: boolean;
  /** The team requires two-factor sign-in and this admin has not set it up. */
  mustEnrolTwoFactor: boolean;
  tokenVersion: number;
  revoked: boolean;
};

/** E-mail addresses are compared case-insensitively. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findAdminByEmail(db: Kysely<Database>, email: string): Promise<AdminRow | null> {
  return (
    (await db.selectFrom('admins').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()) ?? null
  );
}

export async function findAdminById(db: Kysely<Database>, id: number): Promise<AdminRow | null> {
  if (!isDbId(id)) return null;
  return (await db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admins')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAdmins(
  db: Kysely<Database>,
): Promise<{ id: number; email: string; role: Role; created_at: string }[]> {
  const rows = await db.selectFrom('admins').select(['id', 'email', 'role', 'created_at']).orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function insertAdmin(
  db: Kysely<Database>,
  email: string,
  passwordHash: string,
  now = new Date(),
  role: Role = 'owner',
): Promise<AdminRow> {
  return db
    .insertInto('admins')
    .values({ email: normalizeEmail(email), password_hash: passwordHash, created_at: now.toISOString(), role })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets a new password hash and bumps token_version, so every older token stops working. */
export async function setAdminPassword(db: Kysely<Database>, email: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends one token (logout) until `expiresAt`; expired entries are swept on the way. */
export async function revokeToken(db: Kysely<Database>, tokenHash: string, expiresAt: number, now: number) {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).execute();
  await db
    .insertInto('revoked_tokens')
    .values({ token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
}

/**
 * The signed-in admin behind a token, in one query: who they are now, and whether this token was
 * ended by logout. Null when the admin no longer exists. Read on every guarded request, so a change
 * made anywhere (another process, an SQL shell, a restored backup) counts at the next request.
 */
export async function findSessionAdmin(
  db: Kysely<Database>,
  id: number,
  tokenHash: string,
): Promise<SessionAdmin | null> {
  if (!isDbId(id)) return null;
  const row = await db
    .selectFrom('admins')
    .select((eb) => [
      'id',
      'email',
      'display_name',
      'role',
      'totp_secret',
      'token_version',
      eb.exists(eb.selectFrom('revoked_tokens').select('token_hash').where('token_hash', '=', tokenHash)).as('revoked'),
      eb
        .exists(
          eb.selectFrom('team_settings').select('key').where('key', '=', 'require_two_factor').where('value', '=', '1'),
        )
        .as('team_requires_two_factor'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  // SQLite answers 0/1, PostgreSQL a boolean.
  return {
    id: Number(row.id),
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    twoFactor: row.totp_secret !== null,
    mustEnrolTwoFactor: Boolean(row.team_requires_two_factor) && row.totp_secret === null,
    tokenVersion: Number(row.token_version),
    revoked: Boolean(row.revoked),
  };
}

/**
 * Replaces a password hash with a stronger hash of the same password (after a login). Leaves
 * token_version, so sessions stay; only while the hash is still `oldHash`, so a password changed
 * meanwhile is never overwritten.
 */
export async function upgradePasswordHash(
  db: Kysely<Database>,
  id: number,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('admins')
    .set({ password_hash: newHash })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a successful sign-in (the Team tab shows it). */
export async function recordSignIn(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('admins').set({ last_sign_in_at: now.toISOString() }).where('id', '=', id).execute();
}

/** Sets the name `id` goes by. */
export async function setDisplayName(db: Kysely<Database>, id: number, displayName: string): Promise<void> {
  await db.updateTable('admins').set({ display_name: displayName }).where('id', '=', id).execute();
}
