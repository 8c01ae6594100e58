import type { Context, MiddlewareHandler } from 'hono';
import type { Services } from '../config';
import type { AppEnv } from '../context';
import { findSessionAdmin } from '../db';
import { apiError } from '../errors';
import { presetHeaders, requestHeader } from './node-request';
import { rememberingVerifier, tokenHash } from '../features/auth/jwt';

const authMessages = {
  missing: 'Authentication required',
  invalid: 'Invalid or expired token',
} as const;

/** The Bearer token of the request, or null. */
export function bearerToken(c: Context): string | null {
  const header = requestHeader(c, 'authorization');
  return (header ? /^Bearer[ ]+(\S+)$/i.exec(header.trim())?.[1] : undefined) ?? null;
}

/**
 * Guards an admin route: a Bearer HS256 token, signed with our secret, unexpired, not ended by
 * logout, whose admin still exists with the same token_version. Anything else is 401. Admin
 * answers are never cached.
 */
export function requireAdmin(services: Services): MiddlewareHandler<AppEnv> {
  const verify = rememberingVerifier(services.config.jwtSecret);
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) return apiError(c, 401, authMessages.missing);
    const claims = await verify(token, services.now());
    const admin = claims ? await findSessionAdmin(services.db, Number(claims.sub), tokenHash(token)) : null;
    if (!claims || !admin || admin.revoked || admin.tokenVersion !== claims.tv) {
      return apiError(c, 401, authMessages.invalid);
    }
    c.env.admin = { id: admin.id, email: admin.email };
    // Before the handler: a header added after it answered makes Hono rebuild the whole Response.
    presetHeaders(c, { 'Cache-Control': 'no-store' });
    await next();
    return undefined;
  };
}
