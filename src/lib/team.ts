/**
 * The hiring team: roles, what each may do, and the texts and payloads of the Team tab and of
 * two-factor sign-in, shared by the admin area and the API.
 */
import { z } from 'zod/mini';
import { DISPLAY_NAME_MAX, EMAIL_MAX } from './limits';
import { blankAsEmpty, singleLine } from './schemas/text';

/** Least to most: a viewer reads, a recruiter also changes vacancies, applicants, messages and mail, an owner also runs the team. */
export const ROLES = ['viewer', 'recruiter', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', recruiter: 'Recruiter', viewer: 'Viewer' };
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including the team',
  recruiter: 'Vacancies, applicants, messages and the outbox',
  viewer: 'Reads vacancies and applicants, downloads resumes; changes nothing',
};

/** What the dashboard calls a member: the name they gave, else their address's local part. */
export function greetingName(member: { email: string; displayName: string | null }): string {
  if (member.displayName) return member.displayName;
  const at = member.email.lastIndexOf('@');
  return at > 0 ? member.email.slice(0, at) : member.email;
}

/** A member where a list names them: "Name <e-mail>" once they gave a name, else the e-mail. */
export const memberLabel = (member: { email: string; displayName: string | null }): string =>
  member.displayName ? `${member.displayName} <${member.email}>` : member.email;

/** Whether `role` may do what needs at least `least`. */
export const roleAllows = (role: Role, least: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(least);

/** An invitation link works once, for this long. */
export const INVITATION_TTL_HOURS = 72;

export const teamMessages = {
  forbidden: 'Your role cannot do this',
  enrolFirst: 'Your team requires two-factor sign-in: set it up first',
  notFound: 'Team member not found',
  exists: 'An admin with this e-mail address already exists',
  lastOwner: 'The team needs at least one owner: make someone else an owner first',
  invited: (email: string, mailConfigured: boolean) =>
    mailConfigured
      ? `Invitation sent to ${email}`
      : `Invitation for ${email} queued: no mail server is set up, so copy the link and send it yourself`,
  reinvited: (email: string, mailConfigured: boolean) =>
    mailConfigured
      ? `New invitation sent to ${email}; the earlier link no longer works`
      : `New invitation for ${email} queued: no mail server is set up, so copy the link and send it yourself; the earlier link no longer works`,
  notPending: 'This member has signed in already: their invitation is used',
  roleChanged: 'Role changed',
  removed: 'Team member removed',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: 'Choose owner, recruiter or viewer',
  requireTwoFactorOn: 'Two-factor sign-in is now required for the team',
  requireTwoFactorOff: 'Two-factor sign-in is now optional',
  displayNameRequired: 'Enter the name your colleagues and candidates will see',
  displayNameTooLong: `Keep your name to ${DISPLAY_NAME_MAX} characters`,
  displayNameOneLine: 'Your name must be on one line',
  displayNameSaved: 'Name saved',
} as const;

/** The name a member goes by: one line, 1 to DISPLAY_NAME_MAX characters once trimmed. */
export const displayNameSchema = z
  .string({ error: teamMessages.displayNameRequired })
  .check(
    blankAsEmpty,
    z.trim(),
    z.minLength(1, teamMessages.displayNameRequired),
    z.maxLength(DISPLAY_NAME_MAX, teamMessages.displayNameTooLong),
    singleLine(teamMessages.displayNameOneLine),
  );

/** `PUT /api/account/name`. */
export const displayNameChangeSchema = z.object({ displayName: displayNameSchema });

export const roleSchema = z.enum(ROLES, { error: teamMessages.roleInvalid });

/** `POST /api/admins/invite`. */
export const inviteSchema = z.object({
  email: z
    .string({ error: teamMessages.emailRequired })
    .check(
      z.trim(),
      z.minLength(1, teamMessages.emailRequired),
      z.maxLength(EMAIL_MAX, teamMessages.emailInvalid),
      z.email(teamMessages.emailInvalid),
    ),
  role: roleSchema,
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** `PUT /api/admins/{id}/role`. */
export const roleChangeSchema = z.object({ role: roleSchema });

/** One member as `GET /api/admins` lists them. */
export type TeamMember = {
  id: number;
  email: string;
  /** Null until they give one (on accepting the invitation, or in Account). */
  displayName: string | null;
  role: Role;
  twoFactor: boolean;
  /** Null until their first sign-in (an invitation not yet taken up). */
  lastSignInAt: string | null;
};
export type TeamList = { admins: TeamMember[]; requireTwoFactor: boolean };

/**
 * What `POST /api/admins/invite` and `POST /api/admins/{id}/resend` answer. `link` is the only copy
 * of the invitation link outside the mail (the server keeps its hash alone): the Team tab offers it
 * to copy until the tab is left; a later copy means resending, which voids the earlier link.
 */
export type InvitationSent = { message: string; admin: TeamMember; mailConfigured: boolean; link: string };

/** What `POST /api/auth/invitation` tells the invitee's page about their open invitation link. */
export type InvitationInfo = { role: Role; invitedBy: string };

/** The signed-in admin, as `GET /api/auth/verify` describes them. */
export type SessionInfo = {
  valid: true;
  admin: { id: number; email: string; displayName: string | null; role: Role; twoFactor: boolean };
  /** The team requires two-factor sign-in and this admin has not set it up yet. */
  mustEnrolTwoFactor: boolean;
};
