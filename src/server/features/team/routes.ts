import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  INVITATION_TTL_HOURS,
  inviteSchema,
  roleChangeSchema,
  type InvitationSent,
  teamMessages,
  type TeamList,
  type TeamMember,
} from '~/lib/team';
import { stageDeadlineDaysSchema, stageDeadlineMessages } from '~/lib/stage-deadlines';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import {
  changeAdminRole,
  inviteAdmin,
  listTeam,
  parseDbId,
  pendingMember,
  reissueInvitation,
  removeAdmin,
  setTeamSetting,
  type TeamChange,
} from '../../db';
import { apiError } from '../../errors';
import { invitationLink, invitationMail } from '../../mail';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { hashPassword } from '../../services/password';
import { REQUIRE_TWO_FACTOR, teamRequiresTwoFactor } from '../../services/two-factor-rule';
import { saveStageDeadlineDays, stageDeadlineDays } from '../../services/stage-deadlines';

/** Only this hash of a link's token is stored (the same rule as the reset link, whose page it opens). */
const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const twoFactorRuleSchema = z.object({ required: z.boolean() });

/**
 * `/admins`, for owners (ROUTE_ROLES): the team with roles, invitations by e-mail (sent again with
 * a new link while unused), role changes,
 * removals, whether two-factor sign-in is required, and the days each stage may take. The last owner stays an owner.
 */
/** How the invitation names the owner who sent it: their display name with their address, so the invitee can tell. */
function inviterOf(c: Context<AppEnv>): string {
  const email = c.var.admin?.email;
  const name = c.var.session?.displayName;
  if (!email) return 'An owner';
  return name ? `${name} (${email})` : email;
}

export function teamRoutes(services: Runtime) {
  const { db, config } = services;
  const requireRole = roleGuard(services);
  // Without SMTP_URL mails wait in the outbox: the owner is told so and hands the link on themselves.
  const mailConfigured = Boolean(config.mail.smtpUrl);

  const refused = (c: Parameters<typeof apiError>[0], result: TeamChange) =>
    result === 'not_found' ? apiError(c, 404, teamMessages.notFound) : apiError(c, 409, teamMessages.lastOwner);

  return new Hono<AppEnv>()
    .get('/', requireRole('owner'), async (c) => {
      const body: TeamList = { admins: await listTeam(db), requireTwoFactor: await teamRequiresTwoFactor(db) };
      return c.json(body);
    })
    .post('/invite', requireRole('owner'), jsonBody(inviteSchema), async (c) => {
      const { email, role } = c.req.valid('json');
      const token = randomBytes(32).toString('base64url');
      const now = services.now();
      const invitedBy = inviterOf(c);
      const member: TeamMember | null = await inviteAdmin(
        db,
        {
          email,
          role,
          // Nobody knows this password; the link sets the real one.
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          tokenHash: hashLinkToken(token),
          expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000),
          invitedBy,
          mail: invitationMail(config.mail, { email: email.trim().toLowerCase(), role, invitedBy }, token),
        },
        now,
      );
      if (!member) return apiError(c, 409, teamMessages.exists);
      await auditRequest(services, c, 'team.invited', {
        subject: { type: 'admin', id: member.id },
        summary: `invited team member #${member.id} as ${role}`,
      });
      const body: InvitationSent = {
        message: teamMessages.invited(member.email, mailConfigured),
        admin: member,
        mailConfigured,
        link: invitationLink(config.mail, token),
      };
      return c.json(body, 201);
    })
    .post('/:id/resend', requireRole('owner'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const member = id === null ? null : await pendingMember(db, id);
      if (!member) return apiError(c, 409, teamMessages.notPending);
      const token = randomBytes(32).toString('base64url');
      const now = services.now();
      const invitedBy = inviterOf(c);
      const sent = await reissueInvitation(
        db,
        member.id,
        {
          tokenHash: hashLinkToken(token),
          expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000),
          invitedBy,
          mail: invitationMail(config.mail, { email: member.email, role: member.role, invitedBy }, token),
        },
        now,
      );
      if (!sent) return apiError(c, 409, teamMessages.notPending);
      await auditRequest(services, c, 'team.reinvited', {
        subject: { type: 'admin', id: member.id },
        summary: `sent team member #${member.id} a new invitation link`,
      });
      const body: InvitationSent = {
        message: teamMessages.reinvited(member.email, mailConfigured),
        admin: member,
        mailConfigured,
        link: invitationLink(config.mail, token),
      };
      return c.json(body);
    })
    .put('/two-factor', requireRole('owner'), jsonBody(twoFactorRuleSchema), async (c) => {
      const { required } = c.req.valid('json');
      await setTeamSetting(db, REQUIRE_TWO_FACTOR, required ? '1' : '0');
      await auditRequest(services, c, 'team.two_factor_required', {
        summary: required ? 'required two-factor sign-in for the team' : 'made two-factor sign-in optional',
      });
      return c.json({
        message: required ? teamMessages.requireTwoFactorOn : teamMessages.requireTwoFactorOff,
        requireTwoFactor: required,
      });
    })
    .get('/stage-deadlines', requireRole('owner'), async (c) => c.json({ days: await stageDeadlineDays(db) }))
    .put('/stage-deadlines', requireRole('owner'), jsonBody(stageDeadlineDaysSchema), async (c) => {
      const days = c.req.valid('json');
      await saveStageDeadlineDays(db, days);
      await auditRequest(services, c, 'team.stage_deadlines_set', {
        summary: `set stage deadlines to ${Object.entries(days)
          .map(([stage, n]) => `${stage} ${n} days`)
          .join(', ')}`,
      });
      return c.json({ message: stageDeadlineMessages.saved, days });
    })
    .put('/:id/role', requireRole('owner'), jsonBody(roleChangeSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null) return apiError(c, 404, teamMessages.notFound);
      const { role } = c.req.valid('json');
      const result = await changeAdminRole(db, id, role);
      if (typeof result === 'string') return refused(c, result);
      await auditRequest(services, c, 'team.role_changed', {
        subject: { type: 'admin', id },
        summary: `changed team member #${id} from ${result.role} to ${role}`,
      });
      return c.json({ message: teamMessages.roleChanged });
    })
    .delete('/:id', requireRole('owner'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null) return apiError(c, 404, teamMessages.notFound);
      const result = await removeAdmin(db, id);
      if (typeof result === 'string') return refused(c, result);
      await auditRequest(services, c, 'team.removed', {
        subject: { type: 'admin', id },
        summary: `removed team member #${id} (${result.role})`,
      });
      return c.json({ message: teamMessages.removed });
    });
}
