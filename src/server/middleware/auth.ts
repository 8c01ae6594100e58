import type { Context, MiddlewareHandler } from 'hono';
import { requestMessages } from '~/lib/schemas';
import type { Runtime } from '../config';
import type { AppEnv } from '../context';
import { findSessionAdmin } from '../db';
import { apiError } from '../errors';
import { tokenHash, verifyToken } from '../services/jwt';
import { ENROLMENT_ROUTES, markRole, routeKey } from '../roles';
import { roleAllows, teamMessages, type Role } from '~/lib/team';

/** The Bearer token of the request, or null. */
export function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  return (header ? /^Bearer[ ]+(\S+)$/i.exec(header.trim())?.[1] : undefined) ?? null;
}

/**
 * The guard a route writes with the least role it needs: `requireRole('recruiter')`. It lets
 * through a Bearer HS256 token, signed with our secret, unexpired, not ended by logout, whose admin
 * still exists with the same token_version; anything else is 401. The database is asked on every
 * request, so nothing outlives a logout, a password change or a hand edit. Admin answers are never
 * cached. Then the admin's role must reach the route's, else 403. Each guard is marked with its
 * role, so `ROUTE_ROLES` (src/server/roles.ts) is checked against the routes.
 */
export function roleGuard(services: Runtime): (role: Role) => MiddlewareHandler<AppEnv> {
  return (role) =>
    markRole<MiddlewareHandler<AppEnv>>(async (c, next) => {
      const token = bearerToken(c);
      if (!token) return apiError(c, 401, requestMessages.authRequired);
      const claims = await verifyToken(token, services.config.jwtSecret, services.now());
      const admin = claims ? await findSessionAdmin(services.db, Number(claims.sub), tokenHash(token)) : null;
      if (!claims || !admin || admin.revoked || admin.tokenVersion !== claims.tv) {
        return apiError(c, 401, requestMessages.invalidToken);
      }
      c.set('admin', { id: admin.id, email: admin.email });
      c.set('session', admin);
      c.header('Cache-Control', 'no-store');
      if (!roleAllows(admin.role, role)) return apiError(c, 403, teamMessages.forbidden);
      // The team requires two-factor sign-in: until they set it up, only their session and the set-up answer.
      if (admin.mustEnrolTwoFactor && !ENROLMENT_ROUTES.has(routeKey(c))) {
        return apiError(c, 403, teamMessages.enrolFirst);
      }
      await next();
      return undefined;
    }, role);
}
