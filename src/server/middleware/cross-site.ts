import type { Context, MiddlewareHandler } from 'hono';
import { requestMessages } from '~/lib/schemas';
import type { AppEnv } from '../context';
import { apiError } from '../errors';

/** Methods that change state; GET, HEAD and OPTIONS (CORS preflight) are never refused here. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin (`scheme://host[:port]`) of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** True when `origin` names the host this request was sent to (scheme aside: a TLS proxy may sit in front). */
function isRequestHost(c: Context, origin: string): boolean {
  try {
    return new URL(origin).host === (c.req.header('host') ?? new URL(c.req.url).host);
  } catch {
    return false;
  }
}

/**
 * Refuses cross-site state changes (CSRF) for every content type, JSON included, with 403: a
 * POST, PUT, PATCH or DELETE whose `Origin` is neither the site (SITE_URL, the request's own
 * host) nor one of CORS_ORIGINS, or whose `Sec-Fetch-Site` is `cross-site` from an origin that is
 * not in CORS_ORIGINS (a split deployment on another domain is cross-site yet trusted). Requests
 * carrying neither header (curl, server to server) pass: no browser sends a form without them.
 * hono/csrf is not used: it checks form content types only and accepts either header alone.
 */
export function refuseCrossSite(siteUrl: string, corsOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const site = originOf(siteUrl);
  const partners = new Set(corsOrigins.map(originOf).filter((o): o is string => o !== null));
  const trusted = (c: Context, origin: string) => origin === site || partners.has(origin) || isRequestHost(c, origin);

  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const crossSite = c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site';
    const refused = origin === undefined ? crossSite : !trusted(c, origin) || (crossSite && !partners.has(origin));
    if (refused) return apiError(c, 403, requestMessages.crossSite);
    return next();
  };
}
