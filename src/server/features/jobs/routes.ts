import { Hono, type MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { jobInputSchema, jobMessages, type Job } from '~/lib/schemas/job';
import type { Services } from '../../config';
import { chooseEncoded, type Encoded, type Encoding } from '../../accept-encoding';
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

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One encoding of the list: its bytes and every header of its answers, computed once. */
type ListVariant = { body: Uint8Array<ArrayBuffer>; etag: string; headers: Record<string, string> };

/** The list in every encoding, each with its own ETag (a cache must not answer br to a gzip client). */
async function encodeList(text: string): Promise<Encoded<ListVariant>> {
  const raw = Buffer.from(text);
  const etag = etagOf(text);
  const variant = (body: Buffer, encoding?: Encoding): ListVariant => {
    const tagged = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
    return {
      // A Buffer is a Uint8Array over a plain ArrayBuffer; Hono's types only ask for the latter.
      body: body as Uint8Array<ArrayBuffer>,
      etag: tagged,
      headers: {
        ETag: tagged,
        'Cache-Control': JOB_LIST_CACHE_CONTROL,
        Vary: 'Origin, Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      },
    };
  };
  // A middle Brotli quality: a 35 KB list takes well under a millisecond, and not on the event loop.
  const [br, gz] = await Promise.all([brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }), gzipped(raw)]);
  return { identity: variant(raw), br: variant(br, 'br'), gzip: variant(gz, 'gzip') };
}

/** `/job`: public list (ETag, compressed for clients that accept it), admin create, update, delete. */
export function jobRoutes(services: Services) {
  const { db } = services;
  const guard = requireAdmin(services);

  // Kept encoded and compressed: each answer writes the same bytes. An unchanged list is not
  // compressed again when it is reloaded.
  let last: { text: string; encoded: Encoded<ListVariant> } | undefined;
  const jobList = reusedFor(JOB_LIST_REUSE_MS, async () => {
    const text = JSON.stringify({ jobs: await listJobs(db) } satisfies { jobs: Job[] });
    if (last?.text !== text) last = { text, encoded: await encodeList(text) };
    return last.encoded;
  });
  const invalidate: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await next();
    jobList.clear();
  };

  return new Hono<AppEnv>()
    .get('/', (c) =>
      whenReady(jobList.get(), (list): Response => {
        const chosen = chooseEncoded(list, requestHeader(c, 'accept-encoding'));
        presetHeaders(c, chosen.headers);
        if (etagMatches(requestHeader(c, 'if-none-match'), chosen.etag)) return c.body(null, 304);
        return c.body(chosen.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
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
