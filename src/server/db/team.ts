import type { Kysely, Transaction } from 'kysely';
import type { Role, TeamMember } from '~/lib/team';
import { normalizeEmail } from './admins';
import { isDbId } from './ids';
import { enqueueMails, type NewMail } from './outbox';
import { voidOpenResets } from './password-resets';
import type { Database } from './schema';

/** Every admin for the Team tab, oldest first. */
export async function listTeam(db: Kysely<Database>): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'email', 'display_name', 'role', 'totp_secret', 'last_sign_in_at'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    displayName: r.display_name,
    role: r.role,
    twoFactor: r.totp_secret !== null,
    lastSignInAt: r.last_sign_in_at,
  }));
}

/** A member who has not taken up their invitation: no name, no two-factor, no sign-in yet. */
const invitedMember = (row: { id: number; email: string; role: Role }): TeamMember => ({
  id: Number(row.id),
  email: row.email,
  displayName: null,
  role: row.role,
  twoFactor: false,
  lastSignInAt: null,
});

/**
 * Creates the invited admin (with a password nobody knows), the single-use link that sets their
 * password (a row of `password_resets`, so the reset page takes it) and the mail carrying it, in
 * one transaction. Null when an admin with that address exists.
 */
export async function inviteAdmin(
  db: Kysely<Database>,
  invite: {
    email: string;
    role: Role;
    passwordHash: string;
    tokenHash: string;
    expiresAt: Date;
    invitedBy: string;
    mail: NewMail;
  },
  now: Date,
): Promise<TeamMember | null> {
  const email = normalizeEmail(invite.email);
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return null;
    const row = await trx
      .insertInto('admins')
      .values({ email, password_hash: invite.passwordHash, created_at: stamp, role: invite.role })
      .returning(['id', 'email', 'role'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('password_resets')
      .values({
        admin_id: Number(row.id),
        token_hash: invite.tokenHash,
        created_at: stamp,
        expires_at: invite.expiresAt.toISOString(),
        invited_by: invite.invitedBy,
      })
      .execute();
    await enqueueMails(trx, [invite.mail], now);
    return invitedMember(row);
  });
}

/** A member who has never signed in, whose invitation can be sent again; null for anyone else. */
export async function pendingMember(db: Kysely<Database>, id: number): Promise<TeamMember | null> {
  if (!isDbId(id)) return null;
  const row = await db
    .selectFrom('admins')
    .select(['id', 'email', 'role'])
    .where('id', '=', id)
    .where('last_sign_in_at', 'is', null)
    .executeTakeFirst();
  return row ? invitedMember(row) : null;
}

/**
 * A new invitation link for a member who has not signed in yet: every open link of theirs stops
 * working, the new one and its mail are stored, in one transaction. False when they have signed in
 * meanwhile (or are gone).
 */
export async function reissueInvitation(
  db: Kysely<Database>,
  id: number,
  link: { tokenHash: string; expiresAt: Date; invitedBy: string; mail: NewMail },
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('admins')
      .select('id')
      .where('id', '=', id)
      .where('last_sign_in_at', 'is', null)
      .executeTakeFirst();
    if (!member) return false;
    await voidOpenResets(trx, id, stamp);
    await trx
      .insertInto('password_resets')
      .values({
        admin_id: id,
        token_hash: link.tokenHash,
        created_at: stamp,
        expires_at: link.expiresAt.toISOString(),
        invited_by: link.invitedBy,
      })
      .execute();
    await enqueueMails(trx, [link.mail], now);
    return true;
  });
}

/** The role and inviter of an open (unused, unexpired) invitation link; null for any other token. */
export async function openInvitation(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ role: Role; invitedBy: string } | null> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('admins', 'admins.id', 'password_resets.admin_id')
    .select(['admins.role', 'password_resets.invited_by'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now.toISOString())
    .where('password_resets.invited_by', 'is not', null)
    .executeTakeFirst();
  return row?.invited_by ? { role: row.role, invitedBy: row.invited_by } : null;
}

/** What a role change or a removal did: the member before it, or why it was refused. */
export type TeamChange = { email: string; role: Role } | 'not_found' | 'last_owner';

/**
 * Locks the owners' rows (a no-op update, portable to SQLite and PostgreSQL) and counts them, so
 * two owners demoting each other at the same moment cannot leave the team without one.
 */
async function lockedOwnerCount(trx: Transaction<Database>): Promise<number> {
  const result = await trx.updateTable('admins').set({ role: 'owner' }).where('role', '=', 'owner').executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function changeMember(
  db: Kysely<Database>,
  id: number,
  change: (trx: Transaction<Database>) => Promise<void>,
  keepsOwner: boolean,
): Promise<TeamChange> {
  if (!isDbId(id)) return 'not_found';
  return db.transaction().execute(async (trx) => {
    const owners = await lockedOwnerCount(trx);
    const member = await trx.selectFrom('admins').select(['email', 'role']).where('id', '=', id).executeTakeFirst();
    if (!member) return 'not_found';
    if (member.role === 'owner' && !keepsOwner && owners <= 1) return 'last_owner';
    await change(trx);
    return { email: member.email, role: member.role };
  });
}

/** Gives a member another role; the last owner stays an owner. */
export function changeAdminRole(db: Kysely<Database>, id: number, role: Role): Promise<TeamChange> {
  return changeMember(
    db,
    id,
    async (trx) => {
      await trx.updateTable('admins').set({ role }).where('id', '=', id).execute();
    },
    role === 'owner',
  );
}

/**
 * Removes a member with their links and recovery codes; their tokens fail at the next request,
 * since the session query finds no admin. The last owner stays.
 */
export function removeAdmin(db: Kysely<Database>, id: number): Promise<TeamChange> {
  return changeMember(
    db,
    id,
    async (trx) => {
      await trx.deleteFrom('password_resets').where('admin_id', '=', id).execute();
      await trx.deleteFrom('admin_recovery_codes').where('admin_id', '=', id).execute();
      await trx.deleteFrom('admins').where('id', '=', id).execute();
    },
    false,
  );
}

export async function getTeamSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('team_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

export async function setTeamSetting(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('team_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
