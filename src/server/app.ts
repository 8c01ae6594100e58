import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestMessages } from '~/lib/schemas';
import { applicationMessages } from '~/lib/schemas/application';
import { defaultApiConfig, type AppDeps, type Runtime } from './config';
import type { AppEnv } from './context';
import { dbFault } from './db';
import { apiError } from './errors';
import { faultAnswer } from './fault-answers';
import { applicantRoutes } from './features/applicants';
import { applicationRoutes } from './features/applications';
import { interviewSlotRoutes } from './features/interview-slots';
import { auditRoutes } from './features/audit';
import { createMetrics, healthRoutes, type HealthProbes } from './features/health';
import { HEALTH_PATH } from './health-report';
import { applicantsCsvRoutes, erasureRoutes, privacyNoticeVersion } from './features/privacy';
import { accountRoutes, authRoutes, resetRoutes } from './features/auth';
import { contactRoutes } from './features/contact';
import { jobRoutes } from './features/jobs';
import { feedRoutes } from './features/feeds';
import { careerRoutes } from './features/stage-deadlines';
import { JOB_FEED_PATHS } from '~/lib/job-feeds';
import { bodyLimit } from './middleware/body-limit';
import { refuseCrossSite } from './middleware/cross-site';
import { JOB_ALERT_ONE_CLICK, jobAlertRoutes } from './features/job-alerts';
import { apiRequestLayer, loggedPath } from './middleware/api-request';
import { outboxRoutes } from './features/outbox';
import { teamRoutes } from './features/team';
import { mailTemplateRoutes } from './features/mail-templates';
import { sourcesRoutes } from './features/sources';
import { createLogger } from './logger';

const FEED_PATHS: ReadonlySet<string> = new Set(Object.values(JOB_FEED_PATHS));

/** Where the API answers: `/api` and everything under it, and the job boards' feeds (written from the same records). */
export const isApiPath = (path: string): boolean =>
  path.startsWith('/api/') || path === '/api' || path.startsWith('/api?') || FEED_PATHS.has(path.split('?')[0]!);

/** Where Prometheus scrapes (METRICS=true), as Gitea and Miniflux serve it: the API answers it, though outside `/api`. */
export const METRICS_PATH = '/metrics';

/** The one multipart route; every other body is JSON with the small limit. */
const APPLY_PATH = '/api/applicants/apply';

/** Methods whose requests may carry a body (GET and HEAD bodies are not read). */
const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Routes reachable without a token; every other route must answer 401 without one (tested). */
export const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/job',
  'GET /api/job/:id',
  'GET /api/career/response-time',
  'POST /api/job/:id/view',
  'POST /api/applicants/apply',
  'POST /api/admin',
  'POST /api/contact',
  'GET /api/auth/forgot',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'POST /api/auth/invitation',
  'POST /api/applications/link',
  'GET /api/applications/:token',
  'POST /api/applications/:token/withdraw',
  'GET /api/applications/:token/export',
  'GET /api/applications/:token/interview.ics',
  'GET /api/applications/:token/interview-slots',
  'POST /api/applications/:token/interview-slots/:slotId',
  'PUT /api/applications/:token/interview-slots/:slotId',
  'DELETE /api/applications/:token/interview-slots/:slotId',
  'DELETE /api/applications/:token',
  'POST /api/alerts',
  'POST /api/alerts/form',
  'GET /api/alerts/:token',
  'POST /api/alerts/:token/confirm',
  'POST /api/alerts/:token/unsubscribe',
  `GET ${JOB_FEED_PATHS.indeed}`,
  `GET ${JOB_FEED_PATHS.linkedin}`,
] as const;

/**
 * The API as a Hono app with every route under `/api`: served through its `fetch` (`main.ts`,
 * `api-only.ts`) and tested through `app.request()`, the same path in both.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const services: Runtime = {
    db: deps.db,
    dbKind: deps.dbKind,
    config: {
      ...defaultApiConfig,
      privacyNoticeVersion: deps.config.privacyNoticeVersion ?? privacyNoticeVersion(),
      ...deps.config,
      bodyLimits: { ...defaultApiConfig.bodyLimits, ...deps.config.bodyLimits },
      rateLimits: { ...defaultApiConfig.rateLimits, ...deps.config.rateLimits },
      mail: { ...defaultApiConfig.mail, ...deps.config.mail },
    },
    logger: deps.logger ?? createLogger('info'),
    now: deps.now ?? (() => new Date()),
  };
  const { config } = services;
  const isReady = deps.isReady ?? (() => true);
  // Set by a write that found the disk full, cleared by the next write that succeeds: health reports it meanwhile.
  let diskFull = false;
  const probes: HealthProbes = {
    isReady,
    diskFull: () => diskFull,
    checkpointsStopped: () => deps.checkpoints?.stopped ?? false,
  };
  const metrics = config.metrics.enabled ? createMetrics(services, probes, APPLY_PATH) : null;

  const app = new Hono<AppEnv>();
  app.use(...apiRequestLayer(services));
  if (metrics) {
    app.use(metrics.observe);
    app.get(METRICS_PATH, metrics.answer);
  }
  app.use('/api/*', async (c, next) =>
    isReady() || c.req.path === HEALTH_PATH || c.req.path.startsWith(`${HEALTH_PATH}/`)
      ? next()
      : faultAnswer(c, 'unavailable'),
  );
  app.on(METHODS_WITH_BODY, '/api/*', async (c, next) => {
    await next();
    if (c.res.status < 300) diskFull = false;
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

  // Right after CORS, so a cross-site state change is refused before its body is read.
  // Except the one-click unsubscribe of job alerts, which mail providers POST from their servers (RFC 8058).
  const crossSite = refuseCrossSite(config.mail.siteUrl, config.corsOrigins);
  app.use('/api/*', (c, next) => (JOB_ALERT_ONE_CLICK.test(c.req.path) ? next() : crossSite(c, next)));

  // Body limits before any handler reads the body; GET and HEAD bodies are never read.
  const uploadLimit = bodyLimit({
    maxBytes: config.bodyLimits.multipartBytes,
    onTooLarge: (c) => apiError(c, 413, applicationMessages.resumeSize, { resume: applicationMessages.resumeSize }),
  });
  const jsonLimit = bodyLimit({
    maxBytes: config.bodyLimits.jsonBytes,
    onTooLarge: (c) => apiError(c, 413, requestMessages.bodyTooLarge),
  });
  app.on(METHODS_WITH_BODY, '/api/*', (c, next) =>
    c.req.path === APPLY_PATH ? uploadLimit(c, next) : jsonLimit(c, next),
  );

  const auth = authRoutes(services);
  const contact = contactRoutes(services);

  app.route(HEALTH_PATH, healthRoutes(services, probes));
  app.route('/api/job', jobRoutes(services));
  app.route('/api/applicants', applicantRoutes(services));
  app.route('/api/applicants.csv', applicantsCsvRoutes(services));
  app.route('/api/erasure', erasureRoutes(services));
  app.route('/api/admin', auth.login);
  app.route('/api/auth', auth.verify);
  app.route('/api/auth', resetRoutes(services));
  app.route('/api/outbox', outboxRoutes(services));
  app.route('/api/mail-templates', mailTemplateRoutes(services));
  app.route('/api/contact', contact.contact);
  app.route('/api/messages', contact.messages);
  app.route('/api/audit', auditRoutes(services));
  app.route('/api/sources', sourcesRoutes(services));
  app.route('/api/admins', teamRoutes(services));
  app.route('/api/account', accountRoutes(services));
  app.route('/api/applications', applicationRoutes(services));
  app.route('/api', interviewSlotRoutes(services));
  app.route('/api/alerts', jobAlertRoutes(services));
  app.route('/api/career', careerRoutes(services));
  app.route('/', feedRoutes(services));

  app.notFound((c) => apiError(c, 404, requestMessages.notFound));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return apiError(
        c,
        error.status,
        error.status === 413 ? 'Request body too large' : error.message || 'Bad request',
      );
    }
    const fault = dbFault(error);
    if (fault) {
      if (fault === 'full') diskFull = true;
      c.var.log.warn(
        { method: c.req.method, path: loggedPath(c), err: error },
        fault === 'full' ? 'storage full' : 'database unavailable',
      );
      return faultAnswer(c, fault, c.req.path === APPLY_PATH ? applicationMessages.storageFull : undefined);
    }
    c.var.log.error({ method: c.req.method, path: loggedPath(c), err: error }, 'unhandled error');
    return apiError(c, 500, requestMessages.internal);
  });

  return app;
}
