import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context, Handler } from 'hono';
import type { Kysely } from 'kysely';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JobPagesStore } from '~/lib/job-pages';
import { getJobById, listJobsWithUpdatedAt, wasJobDeleted } from '../db';
import type { Database } from '../db/schema';

type AstroNodeHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

/** The headers securityHeaders() adds, for answers Astro writes straight to the socket. */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/**
 * The on-demand job pages (issue 7): Astro's SSR handler from the build, mounted for the few
 * routes that are not prerendered, reading jobs straight from the database layer.
 * Returns null when the build has no server part.
 */
export async function jobPagesHandler(distDir: string, db: Kysely<Database>): Promise<Handler<{ Bindings: HttpBindings }> | null> {
  const entry = join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return null;
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroNodeHandler };
  const jobPages: JobPagesStore = {
    getJob: (id) => getJobById(db, id),
    wasDeleted: (id) => wasJobDeleted(db, id),
    listJobs: () => listJobsWithUpdatedAt(db),
  };

  return (c: Context<{ Bindings: HttpBindings }>) =>
    new Promise<Response>((resolve) => {
      const { incoming, outgoing } = c.env;
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) outgoing.setHeader(name, value);
      outgoing.once('finish', () => resolve(RESPONSE_ALREADY_SENT));
      void handler(incoming, outgoing, () => resolve(c.notFound()), { jobPages });
    });
}
