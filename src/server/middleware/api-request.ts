import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Services } from '../config';
import type { AppEnv } from '../context';
import { API_SECURITY_HEADERS } from '../security-headers';
import { clientIp, proxyHeaderCheck } from './client-ip';
import { presetHeader, presetHeaders, requestHeader } from './node-request';

/** A client's X-Request-Id is kept when it is a plain token of at most this length. */
const MAX_REQUEST_ID_LENGTH = 255;

/**
 * What every API request goes through, in one middleware because each layer costs every request:
 * a request id (the client's X-Request-Id when it is a plain token, else a new UUID), the headers
 * every API answer carries, and one structured log line after the answer (no query string, no
 * headers, no bodies).
 */
export function apiRequest(services: Pick<Services, 'config' | 'logger'>): MiddlewareHandler<AppEnv> {
  const { config, logger } = services;
  const checkProxyHeader = proxyHeaderCheck(services);
  return async (c, next) => {
    const started = performance.now();
    checkProxyHeader(c);
    const given = requestHeader(c, 'x-request-id');
    const id = given && given.length <= MAX_REQUEST_ID_LENGTH && !/[^\w\-=]/.test(given) ? given : randomUUID();
    c.set('requestId', id);
    // Set before the handler answers: a header added afterwards makes Hono rebuild the whole Response.
    presetHeaders(c, API_SECURITY_HEADERS);
    presetHeader(c, 'X-Request-Id', id);
    await next();
    const admin = c.get('admin');
    logger.info('request', {
      requestId: id,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c, config.trustProxy),
      ...(admin ? { adminId: admin.id } : {}),
    });
  };
}
