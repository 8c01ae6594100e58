import type { MiddlewareHandler } from 'hono';
import type { Services } from '../config';
import type { AppEnv } from '../context';
import { findAdminById } from '../db';
import { apiError } from '../errors';
import { verifyToken } from '../features/auth/jwt';

export const authMessages = {
  missing: 'Authentication required',
  invalid: 'Invalid or expired token',
} as const;

/**
 * Guards an admin route: a Bearer HS256 token, signed with our secret, unexpired, whose admin
 * still exists with the same token_version. Anything else is 401. Admin answers are never cached.
 */
export function requireAdmin(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const match = header ? /^Bearer[ ]+(\S+)$/i.exec(header.trim()) : null;
    if (!match?.[1]) return apiError(c, 401, authMessages.missing);
    const claims = verifyToken(match[1], services.config.jwtSecret, services.now());
    const id = claims ? Number(claims.sub) : NaN;
    const admin = claims && Number.isSafeInteger(id) ? await findAdminById(services.db, id) : null;
    if (!claims || !admin || admin.token_version !== claims.tv) return apiError(c, 401, authMessages.invalid);
    c.set('admin', { id: Number(admin.id), email: admin.email });
    await next();
    c.header('Cache-Control', 'no-store');
    return undefined;
  };
}
