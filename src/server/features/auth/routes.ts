import { Hono } from 'hono';
import { TOKEN_TTL_REMEMBER_SECONDS, TOKEN_TTL_SECONDS } from '~/lib/limits';
import { loginMessages, loginSchema, type LoginResponse } from '~/lib/schemas/login';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { findAdminByEmail, normalizeEmail } from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { clientIp } from '../../middleware/client-ip';
import { RateLimiter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { signToken } from './jwt';
import { dummyPasswordHash, verifyPassword } from './password';

/** `POST /admin` (login) and `GET /auth/verify`. */
export function authRoutes(services: Services) {
  const { db, config } = services;
  const perIp = new RateLimiter(config.rateLimits.loginPerIp);
  const perEmail = new RateLimiter(config.rateLimits.loginPerEmail);

  const login = new Hono<AppEnv>().post('/', jsonBody(loginSchema, 'Email and password are required'), async (c) => {
    const { email, password, remember } = c.req.valid('json');
    const emailKey = normalizeEmail(email);
    const ipDecision = perIp.hit(clientIp(c, config.trustProxy));
    const emailDecision = perEmail.check(emailKey);
    const blocked = !ipDecision.allowed ? ipDecision : !emailDecision.allowed ? emailDecision : null;
    if (blocked) {
      c.header('Retry-After', String(blocked.retryAfterSeconds));
      return apiError(c, 429, loginMessages.tooManyAttempts);
    }

    const admin = await findAdminByEmail(db, emailKey);
    const ok = await verifyPassword(password, admin?.password_hash ?? (await dummyPasswordHash()));
    if (!admin || !ok) {
      perEmail.hit(emailKey);
      return apiError(c, 401, loginMessages.invalidCredentials);
    }
    perEmail.reset(emailKey);
    const { token, expiresAt } = signToken(
      { sub: String(admin.id), tv: admin.token_version },
      config.jwtSecret,
      remember ? TOKEN_TTL_REMEMBER_SECONDS : TOKEN_TTL_SECONDS,
      services.now(),
    );
    c.header('Cache-Control', 'no-store');
    const body: LoginResponse & { expiresAt: string } = { token, message: loginMessages.success, expiresAt: expiresAt.toISOString() };
    return c.json(body);
  });

  const verify = new Hono<AppEnv>().get('/verify', requireAdmin(services), (c) => {
    const admin = c.get('admin');
    c.header('Cache-Control', 'no-store');
    return c.json({ valid: true, admin });
  });

  return { login, verify };
}
