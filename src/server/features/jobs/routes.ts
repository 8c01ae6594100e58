import { Hono, type MiddlewareHandler } from 'hono';
import { jobInputSchema, jobMessages, type Job } from '~/lib/schemas/job';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { createJob, deleteJob, getJobById, listJobs, parseDbId, updateJob } from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { presetHeaders, requestHeader } from '../../middleware/node-request';
import { jsonBody } from '../../middleware/validate';
import { reusedFor, whenReady } from '../../reuse';
import { etagMatches, etagOf } from './etag';

/** Browsers revalidate every time (cheap with the ETag); shared caches may hold the list briefly. */
const JOB_LIST_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, must-revalidate';

/**
 * How long one instance reuses the serialized list. Changes made through this instance clear it
 * at once; changes made through another instance show within this time (shared caches already
 * hold the list for s-maxage=10).
 */
const JOB_LIST_REUSE_MS = 1000;

/** `/job`: public list (ETag), admin create, update, delete. */
export function jobRoutes(services: Services) {
  const { db } = services;
  const guard = requireAdmin(services);

  // Kept encoded: each answer writes the same bytes instead of encoding the text again.
  const jobList = reusedFor(JOB_LIST_REUSE_MS, async () => {
    const text = JSON.stringify({ jobs: await listJobs(db) } satisfies { jobs: Job[] });
    return { body: new TextEncoder().encode(text), etag: etagOf(text) };
  });
  const invalidate: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await next();
    jobList.clear();
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      whenReady(jobList.get(), ({ body, etag }): Response => {
        presetHeaders(c, { ETag: etag, 'Cache-Control': JOB_LIST_CACHE_CONTROL, Vary: 'Origin' });
        if (etagMatches(requestHeader(c, 'if-none-match'), etag)) return c.body(null, 304);
        return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
      }),
    )
    .get('/:id', async (c) => {
      const id = parseDbId(c.req.param('id'));
      const job = id === null ? null : await getJobById(db, id);
      if (!job) return apiError(c, 404, jobMessages.notFound);
      return c.json({ job });
    })
    .post('/', guard, invalidate, jsonBody(jobInputSchema), async (c) => {
      const job = await createJob(db, c.req.valid('json'), services.now());
      return c.json({ message: jobMessages.created, job }, 201);
    })
    .put('/:id', guard, invalidate, jsonBody(jobInputSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const job = id === null ? null : await updateJob(db, id, c.req.valid('json'), services.now());
      if (!job) return apiError(c, 404, jobMessages.notFound);
      return c.json({ message: jobMessages.updated, job });
    })
    .delete('/:id', guard, invalidate, async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null || !(await deleteJob(db, id))) return apiError(c, 404, jobMessages.notFound);
      return c.json({ message: jobMessages.deleted });
    });
}
