import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { PASSWORD_RESET_TTL_MINUTES, TOKEN_TTL_SECONDS } from '~/lib/limits';
import {
  forgotPasswordSchema,
  invitationLookupSchema,
  passwordResetMessages,
  resetPasswordSchema,
  type ResetAnswer,
} from '~/lib/schemas/password-reset';
import type { InvitationInfo } from '~/lib/team';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import {
  consumePasswordReset,
  createPasswordReset,
  findAdminByEmail,
  findAdminById,
  normalizeEmail,
  openInvitation,
  recordSignIn,
} from '../../db';
import { audit } from '../../services/audit';
import { apiError } from '../../errors';
import { passwordResetMail } from '../../mail';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { signToken } from '../../services/jwt';
import { hashPassword } from '../../services/password';

/** Only this hash of a reset token is stored; the token itself travels in the mail alone. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Password reset by e-mail, under `/auth`: `GET /forgot` tells the login page whether it is
 * available (SMTP configured), `POST /forgot` queues a link with a neutral 202 whatever happens,
 * `POST /reset` sets the new password; `POST /invitation` names the role and inviter of an open
 * invitation link.
 *
 * `/forgot` is throttled per client network and per (e-mail, client network), never per e-mail
 * alone, and a request beyond a limit is dropped silently: a limit shared by everyone would let
 * anyone block the admin's own reset by asking first. For the same reason a new link never voids
 * an open one; only a completed reset (or expiry) ends them. One mail per e-mail per 15 minutes
 * whoever asks was rejected: the admin would then wait behind a stranger's request.
 */
export function resetRoutes(services: Runtime) {
  const { db, config, logger } = services;
  const perIp = rateLimiter(services, 'reset-ip', config.rateLimits.loginPerIp);
  const perPair = rateLimiter(services, 'reset-email-ip', config.rateLimits.loginPerEmail);
  const byEmail = Boolean(config.mail.smtpUrl);

  /** A link for the admin of `emailKey`, queued in the outbox; nothing for an unknown address. */
  async function queueResetLink(emailKey: string): Promise<void> {
    const admin = await findAdminByEmail(db, emailKey);
    if (!admin) {
      logger.info('password reset requested for an unknown address');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const now = services.now();
    await createPasswordReset(
      db,
      Number(admin.id),
      hashResetToken(token),
      new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      passwordResetMail(config.mail, admin.email, token),
      now,
    );
    logger.info({ adminId: Number(admin.id) }, 'password reset requested');
  }

  return new Hono<AppEnv>()
    .get('/forgot', (c) => c.json({ byEmail }))
    .post('/forgot', jsonBody(forgotPasswordSchema), async (c) => {
      if (!byEmail) return apiError(c, 503, passwordResetMessages.unavailable);
      const emailKey = normalizeEmail(c.req.valid('json').email);
      const network = clientIp(c, config.trustProxy);
      // Beyond a limit the answer stays the same 202: nobody learns whether a mail went out.
      if (!(await perIp.hit(network)).allowed || !(await perPair.hit(`${emailKey}\n${network}`)).allowed) {
        c.var.log.info('password reset request dropped by its rate limit');
        return c.json({ message: passwordResetMessages.requested }, 202);
      }
      // The answer leaves before the address is looked up, so its timing cannot tell a known one from an unknown one.
      setImmediate(() => {
        queueResetLink(emailKey).catch((error: unknown) =>
          c.var.log.error({ err: error }, 'password reset not queued'),
        );
      });
      return c.json({ message: passwordResetMessages.requested }, 202);
    })
    .post('/reset', jsonBody(resetPasswordSchema), async (c) => {
      const ip = await perIp.hit(clientIp(c, config.trustProxy));
      if (!ip.allowed) {
        retryAfter(c, ip);
        return apiError(c, 429, passwordResetMessages.tooMany);
      }
      const { token, password, displayName } = c.req.valid('json');
      const used = await consumePasswordReset(
        db,
        hashResetToken(token),
        { passwordHash: await hashPassword(password), displayName },
        services.now(),
      );
      if (used === null) return apiError(c, 400, passwordResetMessages.invalidLink);
      const { adminId, invitation } = used;
      logger.info({ adminId }, invitation ? 'invitation accepted' : 'password reset by e-mail link');
      const admin = await findAdminById(db, adminId);
      const principal = admin ? { id: adminId, email: admin.email } : null;
      const now = services.now();
      await audit(
        db,
        {
          action: 'password.reset',
          admin: principal,
          summary: invitation ? 'password chosen with an invitation link' : 'password reset with an e-mailed link',
        },
        now,
      );
      if (invitation && admin) {
        // The newcomer just chose the password, as a sign-in would prove: they go straight in (a team
        // rule for two-factor sign-in then leads them to set it up first, as after any sign-in).
        await recordSignIn(db, adminId, now);
        await audit(db, { action: 'login.succeeded', admin: principal, summary: 'joined the team' }, now);
        const session = await signToken(
          { sub: String(adminId), tv: admin.token_version },
          config.jwtSecret,
          TOKEN_TTL_SECONDS,
          now,
        );
        c.header('Cache-Control', 'no-store');
        const body: ResetAnswer = { message: passwordResetMessages.joined, email: admin.email, token: session.token };
        return c.json(body);
      }
      // The login form starts with this address filled in (the holder of the link knows it already).
      const body: ResetAnswer = { message: passwordResetMessages.done, email: admin?.email ?? null };
      return c.json(body);
    })
    .post('/invitation', jsonBody(invitationLookupSchema), async (c) => {
      // Only the role and the inviter, for an open invitation link: the page greets the invitee
      // with them. A reset link, a used or expired one, and a wrong token all answer 404.
      const found = await openInvitation(db, hashResetToken(c.req.valid('json').token), services.now());
      if (!found) return apiError(c, 404, passwordResetMessages.notInvitation);
      const body: InvitationInfo = found;
      return c.json(body);
    });
}
