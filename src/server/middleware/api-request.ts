import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { randomUUID } from 'node:crypto';
import type { Services } from '../config';
import type { ApiBindings, AppEnv } from '../context';
import { API_SECURITY_HEADERS } from '../security-headers';
import { clientAddress, proxyHeaderCheck } from './client-ip';
import { headerOf } from './node-request';

/** A client's X-Request-Id is kept when it is a plain token of at most this length. */
const MAX_REQUEST_ID_LENGTH = 255;

/**
 * What every API request goes through: a request id (the client's X-Request-Id when it is a plain
 * token, else a new UUID) in `c.env.requestId`, the headers every API answer carries, and one
 * structured log line after the answer (no query string, no headers, no bodies).
 *
 * It wraps the app's `fetch` rather than being a middleware: with no middleware in front of it,
 * Hono calls a route's handler directly, and an answer ready at once goes out without a promise
 * chain. `app.request()` goes through `fetch`, so the tests meet the same layer.
 */
export function withRequestLayer(app: Hono<AppEnv>, services: Pick<Services, 'config' | 'logger'>): Hono<AppEnv> {
  const { config, logger } = services;
  const checkProxyHeader = proxyHeaderCheck(services);
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    const started = performance.now();
    // Hono types env as optional; on Node it is @hono/node-server's { incoming, outgoing }.
    const bindings = (env ?? {}) as ApiBindings;
    const { incoming, outgoing } = bindings;
    checkProxyHeader(request, incoming);
    const given = headerOf(request, incoming, 'x-request-id');
    const id = given && given.length <= MAX_REQUEST_ID_LENGTH && !/[^\w\-=]/.test(given) ? given : randomUUID();
    bindings.requestId = id;
    // On Node's response before the handler answers: Node merges them with the answer's own headers.
    if (outgoing) {
      for (const name in API_SECURITY_HEADERS) outgoing.setHeader(name, API_SECURITY_HEADERS[name] as string);
      outgoing.setHeader('X-Request-Id', id);
    }
    const answered = (response: Response): Response => {
      if (!outgoing) {
        for (const name in API_SECURITY_HEADERS) {
          if (!response.headers.has(name)) response.headers.set(name, API_SECURITY_HEADERS[name] as string);
        }
        response.headers.set('X-Request-Id', id);
      }
      logger.info('request', {
        requestId: id,
        method: request.method,
        path: getPath(request),
        status: response.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ip: clientAddress(request, incoming, config.trustProxy),
        ...(bindings.admin ? { adminId: bindings.admin.id } : {}),
      });
      return response;
    };
    const response = dispatch(request, bindings, executionCtx);
    return response instanceof Promise ? response.then(answered) : answered(response);
  };
  return app;
}
