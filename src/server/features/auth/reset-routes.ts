import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { PASSWORD_RESET_TTL_MINUTES } from '~/lib/limits';
import { forgotPasswordSchema, passwordResetMessages, resetPasswordSchema } from '~/lib/schemas/password-reset';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { consumePasswordReset, createPasswordReset, findAdminByEmail, findAdminById, normalizeEmail } from '../../db';
import { audit } from '../audit';
import { apiError } from '../../errors';
import { passwordResetMail } from '../../mail';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { hashPassword } from './password';

/** Only this hash of a reset token is stored; the token itself travels in the mail alone. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Password reset by e-mail, under `/auth`: `GET /forgot` tells the login page whether it is
 * available (SMTP configured), `POST /forgot` queues a link with a neutral answer, `POST /reset`
 * sets the new password. Rate limited with the login rules (per address and per e-mail).
 */
export function resetRoutes(services: Services) {
  const { db, config, logger } = services;
  const perIp = rateLimiter(services, 'reset-ip', config.rateLimits.loginPerIp);
  const perEmail = rateLimiter(services, 'reset-email', config.rateLimits.loginPerEmail);
  const byEmail = Boolean(config.mail.smtpUrl);

  return new Hono<AppEnv>()
    .get('/forgot', (c) => c.json({ byEmail }))
    .post('/forgot', jsonBody(forgotPasswordSchema), async (c) => {
      if (!byEmail) return apiError(c, 503, passwordResetMessages.unavailable);
      const emailKey = normalizeEmail(c.req.valid('json').email);
      const ip = await perIp.hit(clientIp(c, config.trustProxy));
      const blocked = !ip.allowed ? ip : await perEmail.hit(emailKey);
      if (!blocked.allowed) {
        retryAfter(c, blocked);
        return apiError(c, 429, passwordResetMessages.tooMany);
      }
      const admin = await findAdminByEmail(db, emailKey);
      if (admin) {
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
        logger.info('password reset requested', { adminId: Number(admin.id) });
      } else {
        logger.info('password reset requested for an unknown address');
      }
      return c.json({ message: passwordResetMessages.requested }, 202);
    })
    .post('/reset', jsonBody(resetPasswordSchema), async (c) => {
      const ip = await perIp.hit(clientIp(c, config.trustProxy));
      if (!ip.allowed) {
        retryAfter(c, ip);
        return apiError(c, 429, passwordResetMessages.tooMany);
      }
      const { token, password } = c.req.valid('json');
      const adminId = await consumePasswordReset(
        db,
        hashResetToken(token),
        await hashPassword(password),
        services.now(),
      );
      if (adminId === null) return apiError(c, 400, passwordResetMessages.invalidLink);
      logger.info('password reset by e-mail link', { adminId });
      const admin = await findAdminById(db, adminId);
      await audit(
        db,
        {
          action: 'password.reset',
          admin: admin ? { id: adminId, email: admin.email } : null,
          summary: 'password reset with an e-mailed link',
        },
        services.now(),
      );
      return c.json({ message: passwordResetMessages.done });
    });
}
