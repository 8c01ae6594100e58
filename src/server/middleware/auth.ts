import type { Context, MiddlewareHandler } from 'hono';
import type { Services } from '../config';
import type { AppEnv } from '../context';
import { findSessionAdmin } from '../db';
import { apiError } from '../errors';
import { whenReady } from '../reuse';
import { presetHeaders, requestHeader } from './node-request';
import { rememberingVerifier } from '../features/auth/jwt';

const authMessages = {
  missing: 'Authentication required',
  invalid: 'Invalid or expired token',
} as const;

/** The Bearer token of the request, or null. */
export function bearerToken(c: Context): string | null {
  const header = requestHeader(c, 'authorization');
  return (header ? /^Bearer[ ]+(\S+)$/i.exec(header.trim())?.[1] : undefined) ?? null;
}

/** The 401 answer for a request that is not an admin's, or undefined once `c.env.admin` is set. */
type Authentication = Response | undefined;

/**
 * Checks the admin behind a request: a Bearer HS256 token, signed with our secret, unexpired, not
 * ended by logout, whose admin still exists with the same token_version. Anything else is 401. Admin
 * answers are never cached. It answers at once for a token seen before on SQLite, so a route that
 * needs nothing else (`GET /auth/verify`) can skip the middleware chain's promises.
 */
export function adminAuthenticator(
  services: Services,
): (c: Context<AppEnv>) => Authentication | Promise<Authentication> {
  const verify = rememberingVerifier(services.config.jwtSecret);
  return (c) => {
    const token = bearerToken(c);
    if (!token) return apiError(c, 401, authMessages.missing);
    return whenReady(verify(token, services.now()), (verified) => {
      if (!verified) return apiError(c, 401, authMessages.invalid);
      return whenReady(findSessionAdmin(services.db, Number(verified.claims.sub), verified.hash), (admin) => {
        if (!admin || admin.revoked || admin.tokenVersion !== verified.claims.tv) {
          return apiError(c, 401, authMessages.invalid);
        }
        c.env.admin = { id: admin.id, email: admin.email };
        // Before the handler: a header added after it answered makes Hono rebuild the whole Response.
        presetHeaders(c, { 'Cache-Control': 'no-store' });
        return undefined;
      });
    });
  };
}

/** Guards the routes after it with adminAuthenticator. */
export function requireAdmin(services: Services): MiddlewareHandler<AppEnv> {
  const authenticate = adminAuthenticator(services);
  return async (c, next) => {
    const denied = await authenticate(c);
    if (denied) return denied;
    await next();
    return undefined;
  };
}
