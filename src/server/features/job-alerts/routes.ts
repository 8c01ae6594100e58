import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { sameDepartment } from '~/lib/departments';
import {
  JOB_ALERT_DAYS,
  JOB_ALERT_PENDING_HOURS,
  JOB_ALERT_SUBSCRIBE_PATH,
  JOB_ALERT_UNCONFIRMED_DAYS,
  jobAlertMessages as m,
  type JobAlertView,
} from '~/lib/job-alerts';
import { jobAlertSchema, type JobAlertInput } from '~/lib/schemas/job-alert';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { normalizeEmail, recordUnsubscription, vacancyDepartments, type JobAlertRow } from '../../db';
import { apiError } from '../../errors';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { hashApplicationToken } from '../../services/application-token';
import { cutoff } from '../../services/retention-policy';
import { deleteJobAlert, findJobAlertByToken, hasPendingJobAlert } from './repository';
import { renewJobAlert, subscribeJobAlert } from './service';

/** Nothing about a subscription is kept by a browser or proxy cache. */
const NO_STORE = 'private, no-store';

/** The one-click unsubscribe path (RFC 8058), which mail providers POST from their own servers. */
export const JOB_ALERT_ONE_CLICK = /^\/api\/alerts\/[A-Za-z0-9_-]+\/unsubscribe$/;

/**
 * Visitors' job alerts, mounted at `/api/alerts`: `POST /` (JSON) and `POST /form` (the careers
 * page's plain HTML form, answered with a redirect to a page that says how it went) subscribe
 * (double opt-in: only the confirmation mail goes out), and a mailed token (256 random bits, stored as its SHA-256, the
 * applicant page's helpers) reads, confirms or renews, and unsubscribes. Subscribing and the token
 * pages are limited per client network and refused cross-site; the one-click unsubscribe is
 * neither (the app exempts it from the cross-site guard): mail providers POST it from shared
 * servers, and a token cannot be guessed.
 */
export function jobAlertRoutes(services: Runtime) {
  const { db, config, logger } = services;
  const everyone = rateLimiter(services, 'job-alert-all', config.rateLimits.jobAlertGlobal);
  const subscribePerIp = rateLimiter(services, 'job-alert-ip', config.rateLimits.contactPerIp);
  const pagePerIp = rateLimiter(services, 'job-alert-page-ip', config.rateLimits.applicationPagePerIp);

  /**
   * The alert the path's token opens, or an answer to send: 429 over the limit, 404 for an unknown,
   * gone, expired or (unless it only unsubscribes) idle token.
   */
  async function opened(c: Context<AppEnv>, use: 'read' | 'unsubscribe'): Promise<JobAlertRow | Response> {
    const limited = use === 'read';
    c.header('Cache-Control', NO_STORE);
    if (limited) {
      const decision = await pagePerIp.hit(clientIp(c, config.trustProxy));
      if (!decision.allowed) {
        retryAfter(c, decision);
        return apiError(c, 429, m.tooMany);
      }
    }
    const now = services.now();
    const tokenHash = hashApplicationToken(c.req.param('token') ?? '');
    // An old mail's link still unsubscribes: ending alerts is all it can do, and the person can ask again.
    const usedSince = use === 'read' ? cutoff(now, config.linkIdleDays) : null;
    const alert = await findJobAlertByToken(db, tokenHash, usedSince, now);
    return alert ?? apiError(c, 404, m.notFound);
  }

  /** The department as the vacancies spell it, null for every vacancy, undefined when no vacancy has it. */
  async function knownScope(department: string | undefined): Promise<string | null | undefined> {
    if (!department) return null;
    return (await vacancyDepartments(db)).find((known) => sameDepartment(known, department));
  }

  /**
   * Stores an unconfirmed alert with its token and queues the confirmation mail; false for a
   * department no vacancy has. The mail names the department as the vacancies spell it, never the visitor's text.
   */
  async function subscribe({ email, department }: JobAlertInput): Promise<boolean> {
    const scope = await knownScope(department);
    if (scope === undefined) return false;
    const emailKey = normalizeEmail(email);
    const now = services.now();
    // One confirmation waits per address, and only so many go out an hour; the answer stays the same.
    const waiting = await hasPendingJobAlert(db, emailKey, cutoff(now, JOB_ALERT_PENDING_HOURS / 24));
    if (waiting || !(await everyone.hit('all')).allowed) {
      logger.info('job alert confirmation dropped by its limit');
      return true;
    }
    await subscribeJobAlert(db, config.mail, { email, emailKey, department: scope }, now, JOB_ALERT_UNCONFIRMED_DAYS);
    return true;
  }

  const view = (alert: JobAlertRow): JobAlertView => ({
    department: alert.department,
    confirmed: alert.confirmed_at !== null,
    expiresAt: alert.expires_at,
  });

  return (
    new Hono<AppEnv>()
      .post('/', jsonBody(jobAlertSchema), async (c) => {
        c.header('Cache-Control', NO_STORE);
        const decision = await subscribePerIp.hit(clientIp(c, config.trustProxy));
        if (!decision.allowed) {
          retryAfter(c, decision);
          return apiError(c, 429, m.tooMany);
        }
        if (!(await subscribe(c.req.valid('json'))))
          return apiError(c, 400, m.departmentInvalid, { department: m.departmentInvalid });
        // The same answer whether or not the address was subscribed before: it tells nobody anything.
        return c.json({ message: m.subscribed }, 202);
      })
      // The form works without JavaScript: the answer sends the browser to the page with the message.
      .post('/form', async (c) => {
        c.header('Cache-Control', NO_STORE);
        const to = (outcome: 'sent' | 'invalid' | 'department' | 'busy') =>
          c.redirect(`${config.mail.siteUrl}${JOB_ALERT_SUBSCRIBE_PATH}#${outcome}`, 303);
        if (!(await subscribePerIp.hit(clientIp(c, config.trustProxy))).allowed) return to('busy');
        const form = await c.req.parseBody().catch((): Record<string, unknown> => ({}));
        const parsed = z.safeParse(jobAlertSchema, { email: form['email'], department: form['department'] });
        if (!parsed.success) return to('invalid');
        return to((await subscribe(parsed.data)) ? 'sent' : 'department');
      })
      .get('/:token', async (c) => {
        const alert = await opened(c, 'read');
        if (alert instanceof Response) return alert;
        return c.json(view(alert));
      })
      // Confirms a new subscription, or renews a confirmed one for another year.
      .post('/:token/confirm', async (c) => {
        const alert = await opened(c, 'read');
        if (alert instanceof Response) return alert;
        const expiresAt = await renewJobAlert(db, alert, services.now(), JOB_ALERT_DAYS);
        return c.json({ ...view(alert), confirmed: true, expiresAt, message: m.confirmed });
      })
      .post('/:token/unsubscribe', async (c) => {
        const alert = await opened(c, 'unsubscribe');
        if (alert instanceof Response) return alert;
        // On the ledger first: a restored backup must not subscribe them again.
        await recordUnsubscription({ db, kind: services.dbKind, file: config.erasureLedger }, alert);
        await deleteJobAlert(db, alert.id);
        return c.json({ message: m.unsubscribed });
      })
  );
}
