import { Hono } from 'hono';
import { z } from 'zod';
import { etagMatches } from '~/lib/etag';
import { jobMessages, jobStatusMessages, jobStatusSchema, type AdminJobList, type Job } from '~/lib/schemas/job';
import { jobSaveSchema } from '~/lib/schemas/job-save';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { sourceOrDirect, sourcesMessages } from '~/lib/sources';
import { createJob, deleteJob, findJob, listAllJobs, parseDbId, setJobStatus, updateJob } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { addVary } from '../../vary';
import { auditRequest } from '../../services/audit';
import { queueJobAlerts } from '../job-alerts';
import { isBot } from './bots';
import { jobListSource } from './job-list';
import { jobViewCounter } from './view-counter';
import { missingPayRange } from './pay-range';
import { closingDayPassed, pastClosingDate } from './closing-date';

/** `POST /api/job/{id}/view`: the page's source; an invalid one counts as 'direct'. */
const jobViewSchema = z.object({ source: z.string().max(200).optional() });

/** Browsers revalidate every time (cheap with the ETag); shared caches may hold the list briefly. */
const JOB_LIST_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, must-revalidate';

/**
 * `/job`: public list of open vacancies (with an ETag), a count of page views; admin list of all,
 * create, update, close/reopen, delete.
 */
export function jobRoutes(services: Runtime) {
  const { db } = services;
  const requireRole = roleGuard(services);
  const viewsPerIp = rateLimiter(services, 'job-view-ip', services.config.rateLimits.jobViewPerIp);
  const countView = jobViewCounter(services);
  const jobList = jobListSource(services);

  return (
    new Hono<AppEnv>()
      // Uncompressed, as every API answer: nginx gzips JSON (deploy/nginx/edgecraft.conf).
      .get('/', async (c) => {
        const { text, etag } = await jobList();
        c.header('ETag', etag);
        c.header('Cache-Control', JOB_LIST_CACHE_CONTROL);
        const res = etagMatches(c.req.header('if-none-match'), etag)
          ? c.body(null, 304)
          : c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
        return addVary(res, 'Origin');
      })
      // Before '/:id', which would take 'all' for an id.
      .get('/all', requireRole('viewer'), async (c) => {
        const list: AdminJobList = { jobs: await listAllJobs(db), payRangeRequired: services.config.payRangeRequired };
        return c.json(list);
      })
      .get('/:id', async (c) => {
        const id = parseDbId(c.req.param('id'));
        const found = id === null ? null : await findJob(db, id);
        // The open-application entry is no vacancy: it has no public page.
        if (!found || found.kind === 'open') return apiError(c, 404, jobMessages.notFound);
        if (found.status === 'closed') return apiError(c, 410, jobStatusMessages.closed);
        const { kind: _kind, status: _status, closedAt: _closedAt, ...job } = found;
        return c.json({ job: job satisfies Job });
      })
      // The job page's view, sent by its script: counted per day and source, once per network and hour; a repeat answers 204 too.
      .post('/:id/view', jsonBody(jobViewSchema), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const found = id === null ? null : await findJob(db, id);
        if (!found || found.kind === 'open') return apiError(c, 404, jobMessages.notFound);
        if (found.status === 'closed') return apiError(c, 410, jobStatusMessages.closed);
        if (isBot(c.req.header('user-agent'))) return c.body(null, 204);
        const network = clientIp(c, services.config.trustProxy);
        const decision = await viewsPerIp.hit(network);
        if (!decision.allowed) {
          retryAfter(c, decision);
          return apiError(c, 429, sourcesMessages.tooManyViews);
        }
        await countView(found.id, network, sourceOrDirect(c.req.valid('json').source));
        return c.body(null, 204);
      })
      .post('/', requireRole('recruiter'), jsonBody(jobSaveSchema), async (c) => {
        const now = services.now();
        const input = c.req.valid('json');
        const refused =
          missingPayRange(c, services.config, input.salaryRange) ?? pastClosingDate(c, input.closesAt, now);
        if (refused) return refused;
        // The vacancy and its alert mails are saved together or not at all.
        const job = await db.transaction().execute(async (trx) => {
          const created = await createJob(trx, input, now);
          await queueJobAlerts(trx, services.config.mail, created, now);
          return created;
        });
        await auditRequest(services, c, 'job.created', { subject: { type: 'job', id: job.id } });
        return c.json({ message: jobMessages.created, job }, 201);
      })
      .put('/:id', requireRole('recruiter'), jsonBody(jobSaveSchema), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const found = id === null ? null : await findJob(db, id);
        const input = c.req.valid('json');
        const now = services.now();
        // A closed vacancy may be kept without them: the rules apply once it is published again.
        const refused =
          found?.status === 'open' &&
          found.kind === 'vacancy' &&
          (missingPayRange(c, services.config, input.salaryRange) ?? pastClosingDate(c, input.closesAt, now));
        if (refused) return refused;
        const job = id === null ? null : await updateJob(db, id, input, now);
        if (!job) return apiError(c, 404, jobMessages.notFound);
        await auditRequest(services, c, 'job.updated', { subject: { type: 'job', id: job.id } });
        return c.json({ message: jobMessages.updated, job });
      })
      .put('/:id/status', requireRole('recruiter'), jsonBody(jobStatusSchema), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const { status } = c.req.valid('json');
        const found = id === null ? null : await findJob(db, id);
        const now = services.now();
        const reopening = status === 'open' && found?.kind === 'vacancy';
        if (reopening && closingDayPassed(found.closesAt, now)) return apiError(c, 400, jobMessages.reopenPastClosing);
        const refused = reopening && missingPayRange(c, services.config, found.salaryRange);
        if (refused) return refused;
        const saved =
          id === null
            ? null
            : await db.transaction().execute(async (trx) => {
                const result = await setJobStatus(trx, id, status, now);
                // Reopening a vacancy publishes it again; the general-application entry is never announced.
                if (result?.changed && status === 'open' && result.job.kind === 'vacancy') {
                  await queueJobAlerts(trx, services.config.mail, result.job, now);
                }
                return result;
              });
        if (!saved) return apiError(c, 404, jobMessages.notFound);
        const { job } = saved;
        const closed = status === 'closed';
        await auditRequest(services, c, closed ? 'job.closed' : 'job.reopened', {
          subject: { type: 'job', id: job.id },
        });
        return c.json({ message: closed ? jobStatusMessages.closedOk : jobStatusMessages.reopened, job });
      })
      .delete('/:id', requireRole('recruiter'), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const found = id === null ? null : await findJob(db, id);
        if (found?.kind === 'open') return apiError(c, 409, jobMessages.openUndeletable);
        if (id === null || !(await deleteJob(db, id))) return apiError(c, 404, jobMessages.notFound);
        await auditRequest(services, c, 'job.deleted', { subject: { type: 'job', id } });
        return c.json({ message: jobMessages.deleted });
      })
  );
}
