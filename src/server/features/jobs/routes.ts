import { Hono, type MiddlewareHandler } from 'hono';
import { jobInputSchema, jobMessages, type Job } from '~/lib/schemas/job';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { createJob, deleteJob, getJobById, listJobs, parseDbId, updateJob } from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { presetHeaders, requestHeader } from '../../middleware/node-request';
import { jsonBody } from '../../middleware/validate';
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
  let cached: { body: Uint8Array<ArrayBuffer>; etag: string; until: number } | null = null;
  async function jobList(): Promise<{ body: Uint8Array<ArrayBuffer>; etag: string }> {
    const now = Date.now();
    if (cached && cached.until > now) return cached;
    const jobs = await listJobs(db);
    const text = JSON.stringify({ jobs } satisfies { jobs: Job[] });
    cached = { body: new TextEncoder().encode(text), etag: etagOf(text), until: now + JOB_LIST_REUSE_MS };
    return cached;
  }
  const invalidate: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await next();
    cached = null;
  };

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { body, etag } = await jobList();
      presetHeaders(c, { ETag: etag, 'Cache-Control': JOB_LIST_CACHE_CONTROL, Vary: 'Origin' });
      if (etagMatches(requestHeader(c, 'if-none-match'), etag)) return c.body(null, 304);
      return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    })
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
