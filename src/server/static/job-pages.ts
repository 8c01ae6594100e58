import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Handler } from 'hono';
import type { Kysely } from 'kysely';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderDescription, type RenderedDescription } from '~/lib/job-description';
import { JobPagesUnavailable, type JobPagesStore } from '~/lib/job-pages';
import type { Job } from '~/lib/schemas/job';
import { dbFault, getJobById, isJobGone, listJobsWithUpdatedAt } from '../db';
import type { Database } from '../db/schema';
import { FAULT_STATUS, RETRY_AFTER_SECONDS } from '../fault-answers';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../security-headers';

type AstroNodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

/**
 * Adds our headers to an answer Astro writes straight to the socket. Astro sends its own CSP
 * (the page's hashes); ours (frame-ancestors…) goes beside it as a second header, and browsers
 * enforce both.
 */
function addSecurityHeaders(outgoing: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) outgoing.setHeader(name, value);
  outgoing.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  const writeHead = outgoing.writeHead.bind(outgoing) as (
    status: number,
    headers?: OutgoingHttpHeaders,
  ) => ServerResponse;
  outgoing.writeHead = ((status: number, headers?: OutgoingHttpHeaders) => {
    const { 'content-security-policy': astroPolicy, ...rest } = headers ?? {};
    if (astroPolicy) outgoing.setHeader('Content-Security-Policy', [String(astroPolicy), CONTENT_SECURITY_POLICY]);
    return writeHead(status, rest);
  }) as ServerResponse['writeHead'];
}

/**
 * Each job's description, parsed when a version of the job is first shown and kept while its text
 * stays the same: a page view, a 304 and the JSON-LD never parse it again. One entry per open job.
 */
function descriptionRenderer(): (job: Job) => RenderedDescription {
  const byJob = new Map<number, { text: string; rendered: RenderedDescription }>();
  return (job) => {
    const kept = byJob.get(job.id);
    if (kept?.text === job.description) return kept.rendered;
    const rendered = renderDescription(job.description);
    byJob.set(job.id, { text: job.description, rendered });
    return rendered;
  };
}

/** `query`, whose failure for want of the database the pages answer as the API does (503 or 507). */
async function answerable<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    const fault = dbFault(error);
    throw fault ? new JobPagesUnavailable(FAULT_STATUS[fault], RETRY_AFTER_SECONDS[fault]) : error;
  }
}

/** The database layer as the job pages read it. */
export function jobPagesStoreOf(db: Kysely<Database>): JobPagesStore {
  const render = descriptionRenderer();
  return {
    getJob: async (id) => {
      const job = await answerable(getJobById(db, id));
      return job && { ...job, rendered: render(job) };
    },
    wasDeleted: (id) => answerable(isJobGone(db, id)),
    listJobs: () => answerable(listJobsWithUpdatedAt(db)),
  };
}

/**
 * The on-demand job pages: Astro's SSR handler from the build, mounted for the few
 * routes that are not prerendered, reading jobs straight from the database layer.
 * Returns null when the build has no server part.
 */
export async function jobPagesHandler(
  distDir: string,
  db: Kysely<Database>,
): Promise<Handler<{ Bindings: HttpBindings }> | null> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return null;
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroNodeHandler };
  const jobPages = jobPagesStoreOf(db);

  return (c: Context<{ Bindings: HttpBindings }>) =>
    new Promise<Response>((resolve) => {
      const { incoming, outgoing } = c.env;
      addSecurityHeaders(outgoing);
      outgoing.once('finish', () => resolve(RESPONSE_ALREADY_SENT));
      void handler(incoming, outgoing, () => resolve(c.notFound()), { jobPages });
    });
}
