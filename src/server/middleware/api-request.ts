import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { Runtime } from '../config';
import type { AppEnv } from '../context';
import { API_SECURITY_HEADERS, withHeaders } from '../security-headers';
import { proxyHeaderCheck } from './client-ip';

/**
 * What every API request goes through first: a request id (hono/request-id: the client's
 * X-Request-Id when it is a plain token, else a new UUID, echoed in the answer) and a logger that
 * writes it on each line (`c.var.log`), the headers every
 * API answer carries, and one structured log line after the answer (no query string, no headers,
 * no bodies, no client address, no token: the path is the route's pattern).
 */
export function apiRequestLayer(services: Pick<Runtime, 'config' | 'logger'>): MiddlewareHandler<AppEnv>[] {
  const { logger } = services;
  const checkProxyHeader = proxyHeaderCheck(services);
  const layer: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    checkProxyHeader(c);
    await next();
    const admin = c.get('admin');
    log.info(
      {
        method: c.req.method,
        path: loggedPath(c),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(admin ? { adminId: admin.id } : {}),
      },
      'request',
    );
  };
  return [requestId(), layer, withHeaders(API_SECURITY_HEADERS)];
}

/**
 * The path a log line names: the pattern of the route that answered (`/api/applications/:token`,
 * `/api/*` when none did), never the address itself, which may carry a capability token.
 */
export const loggedPath = (c: Context): string => routePath(c);
