import { Hono } from 'hono';
import { requestMessages } from '~/lib/schemas';
import { TOKEN_TTL_REMEMBER_SECONDS, TOKEN_TTL_SECONDS } from '~/lib/limits';
import { loginMessages, loginSchema, type LoginResponse, type TwoFactorChallenge } from '~/lib/schemas/login';
import type { SessionInfo } from '~/lib/team';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { findAdminByEmail, normalizeEmail, recordSignIn, revokeToken, upgradePasswordHash } from '../../db';
import { apiError } from '../../errors';
import { bearerToken, roleGuard } from '../../middleware/auth';
import { clientIp } from '../../middleware/client-ip';
import { jsonBody } from '../../middleware/validate';
import { audit, auditRequest } from '../../services/audit';
import { signToken, tokenHash, verifyToken } from '../../services/jwt';
import { loginThrottle } from './login-throttle';
import { refuseWhileLocked, secondFactorChecker } from './second-factor';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../services/password';

/** `POST /admin` (login), `GET /auth/verify` and `POST /auth/logout`. */
export function authRoutes(services: Runtime) {
  const { db, config } = services;
  const throttle = loginThrottle(services);
  const checkSecondFactor = secondFactorChecker(services);

  const login = new Hono<AppEnv>().post('/', jsonBody(loginSchema, 'Email and password are required'), async (c) => {
    const { email, password, remember, code } = c.req.valid('json');
    const emailKey = normalizeEmail(email);
    // The attempt is counted before the password is hashed, so parallel guesses cannot overtake the limit.
    const attempt = await throttle.begin(emailKey, clientIp(c, config.trustProxy));
    if (!attempt.allowed) {
      c.header('Retry-After', String(attempt.retryAfterSeconds));
      return apiError(c, 429, loginMessages.tooManyAttempts);
    }

    const admin = await findAdminByEmail(db, emailKey);
    const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash()));
    if (!admin || !ok) {
      await attempt.failed();
      // The account when it exists; an unknown address is not recorded (it may be anyone's).
      await audit(
        db,
        { action: 'login.failed', admin: admin ? { id: Number(admin.id), email: admin.email } : null },
        services.now(),
      );
      return apiError(c, 401, loginMessages.invalidCredentials);
    }
    const principal = { id: Number(admin.id), email: admin.email };
    if (admin.totp_secret) {
      // The right password alone is not enough: ask for the code (this attempt is still counted).
      if (!code) {
        const challenge: TwoFactorChallenge = { twoFactorRequired: true, message: loginMessages.twoFactorRequired };
        c.header('Cache-Control', 'no-store');
        return c.json(challenge);
      }
      const second = await checkSecondFactor(admin, code);
      if (second.kind === 'locked') return refuseWhileLocked(c, second.retryAfterSeconds);
      if (second.kind === 'wrong') {
        await attempt.failed();
        await audit(db, { action: 'login.failed', admin: principal, summary: 'wrong two-factor code' }, services.now());
        return apiError(c, 401, loginMessages.invalidCode);
      }
      if (second.kind === 'recovery')
        await audit(db, { action: 'two_factor.recovery_used', admin: principal }, services.now());
    }
    await attempt.succeeded();
    await recordSignIn(db, principal.id, services.now());
    // The one moment the plain password is at hand: a legacy or weaker hash becomes today's argon2id.
    if (needsRehash(admin.password_hash)) {
      const stronger = await hashPassword(password);
      await upgradePasswordHash(db, Number(admin.id), admin.password_hash, stronger);
    }
    await audit(db, { action: 'login.succeeded', admin: { id: Number(admin.id), email: admin.email } }, services.now());
    const { token, expiresAt } = await signToken(
      { sub: String(admin.id), tv: admin.token_version },
      config.jwtSecret,
      remember ? TOKEN_TTL_REMEMBER_SECONDS : TOKEN_TTL_SECONDS,
      services.now(),
    );
    c.header('Cache-Control', 'no-store');
    const body: LoginResponse & { expiresAt: string } = {
      token,
      message: loginMessages.success,
      expiresAt: expiresAt.toISOString(),
    };
    return c.json(body);
  });

  const requireRole = roleGuard(services);
  const verify = new Hono<AppEnv>()
    .get('/verify', requireRole('viewer'), (c) => {
      const session = c.var.session;
      if (!session) return apiError(c, 401, requestMessages.authRequired);
      const body: SessionInfo = {
        valid: true,
        admin: {
          id: session.id,
          email: session.email,
          displayName: session.displayName,
          role: session.role,
          twoFactor: session.twoFactor,
        },
        mustEnrolTwoFactor: session.mustEnrolTwoFactor,
      };
      return c.json(body);
    })
    // Ends this token on every instance until it would have expired; other sessions stay signed in.
    .post('/logout', requireRole('viewer'), async (c) => {
      const token = bearerToken(c) ?? '';
      const claims = await verifyToken(token, config.jwtSecret, services.now());
      if (claims) await revokeToken(db, tokenHash(token), claims.exp * 1000, services.now().getTime());
      await auditRequest(services, c, 'logout');
      return c.json({ message: loginMessages.loggedOut });
    });

  return { login, verify };
}
