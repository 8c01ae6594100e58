import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { sql } from 'kysely';
import { applicationMessages } from '~/lib/schemas/application';
import { defaultApiConfig, type AppDeps, type Services } from './config';
import type { AppEnv } from './context';
import { apiError } from './errors';
import { applicantRoutes } from './features/applicants/routes';
import { authRoutes } from './features/auth/routes';
import { contactRoutes } from './features/contact/routes';
import { jobRoutes } from './features/jobs/routes';
import { clientIp } from './middleware/client-ip';
import { createLogger } from './logger';

/** The one multipart route; every other body is JSON with the small limit. */
const APPLY_PATH = '/api/applicants/apply';

/** Routes reachable without a token; every other route must answer 401 without one (tested). */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/job',
  'GET /api/job/:id',
  'POST /api/applicants/apply',
  'POST /api/admin',
  'POST /api/contact',
] as const;

/**
 * The API as a Hono app with every route under `/api` (SPEC §7 plus contact, messages, health).
 * Used by the Node server (`root.route('/', app)`) and by the tests (`app.request('/api/job')`).
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const services: Services = {
    db: deps.db,
    dbKind: deps.dbKind,
    config: {
      ...defaultApiConfig,
      ...deps.config,
      bodyLimits: { ...defaultApiConfig.bodyLimits, ...deps.config.bodyLimits },
      rateLimits: { ...defaultApiConfig.rateLimits, ...deps.config.rateLimits },
    },
    logger: deps.logger ?? createLogger('info'),
    now: deps.now ?? (() => new Date()),
  };
  const { config, logger } = services;

  const app = new Hono<AppEnv>();

  app.use('/api/*', requestId());

  // One structured line per request: no query string, no headers, no bodies.
  app.use('/api/*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: clientIp(c, config.trustProxy),
      ...(c.get('admin') ? { adminId: c.get('admin')?.id } : {}),
    });
  });

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  if (config.corsOrigins.length) {
    const allowed = new Set(config.corsOrigins);
    app.use(
      '/api/*',
      cors({
        origin: (origin) => (allowed.has(origin) ? origin : null),
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
        allowHeaders: ['Authorization', 'Content-Type'],
        exposeHeaders: ['Content-Disposition', 'Retry-After', 'ETag'],
        maxAge: 600,
      }),
    );
  }

  // Body limits before any handler reads the body: Content-Length first, else counted while streaming.
  const multipartLimit = bodyLimit({
    maxSize: config.bodyLimits.multipartBytes,
    onError: (c) => apiError(c, 413, applicationMessages.resumeSize, { resume: applicationMessages.resumeSize }),
  });
  const jsonLimit = bodyLimit({
    maxSize: config.bodyLimits.jsonBytes,
    onError: (c) => apiError(c, 413, 'Request body too large'),
  });
  // For uploads with a Content-Length, decide from the header alone and leave the body untouched,
  // so the apply handler can read it from the socket in one piece (hono's bodyLimit opens a web
  // stream on the body first); chunked uploads are counted by bodyLimit as they stream.
  const uploadLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(declared)) {
      if (Number(declared) > config.bodyLimits.multipartBytes) {
        return apiError(c, 413, applicationMessages.resumeSize, { resume: applicationMessages.resumeSize });
      }
      return next();
    }
    return multipartLimit(c, next);
  };
  app.use('/api/*', (c, next) => (c.req.path === APPLY_PATH ? uploadLimit(c, next) : jsonLimit(c, next)));

  const auth = authRoutes(services);
  const contact = contactRoutes(services);

  app.get('/api/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await sql`select 1`.execute(services.db);
      return c.json({ status: 'ok', database: services.dbKind });
    } catch {
      return c.json({ status: 'error', database: services.dbKind }, 503);
    }
  });
  app.route('/api/job', jobRoutes(services));
  app.route('/api/applicants', applicantRoutes(services));
  app.route('/api/admin', auth.login);
  app.route('/api/auth', auth.verify);
  app.route('/api/contact', contact.contact);
  app.route('/api/messages', contact.messages);

  // Unknown API paths answer JSON here too when this app is mounted inside the site server.
  app.all('/api/*', (c) => apiError(c, 404, 'Not found'));
  app.notFound((c) => apiError(c, 404, 'Not found'));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return apiError(c, error.status, error.status === 413 ? 'Request body too large' : error.message || 'Bad request');
    }
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return apiError(c, 500, 'Internal server error');
  });

  return app;
}
