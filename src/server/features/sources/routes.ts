import { Hono } from 'hono';
import { z } from 'zod';
import { jobMessages } from '~/lib/schemas/job';
import { SOURCE_REPORT_MAX_LIMIT, SOURCE_REPORT_PAGE_SIZE, sourcesMessages } from '~/lib/sources';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { parseDbId } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { sourcesReport } from './report';

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const pagingSchema = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(SOURCE_REPORT_MAX_LIMIT).default(SOURCE_REPORT_PAGE_SIZE),
  ),
});

/**
 * `/sources[?job=id][&page=n][&limit=n]`: where applicants come from, for every vacancy or one:
 * views, applications and applicants who reached screening by source (a page of them, the rest as 'other') and by week.
 * Aggregates only, so it is not audited.
 */
export function sourcesRoutes(services: Runtime) {
  const requireRole = roleGuard(services);
  return new Hono<AppEnv>().get('/', requireRole('viewer'), async (c) => {
    const param = c.req.query('job');
    const jobId = param === undefined || param === '' ? null : parseDbId(param);
    if (jobId === null && param) return apiError(c, 404, jobMessages.notFound);
    const paging = pagingSchema.safeParse({ page: c.req.query('page'), limit: c.req.query('limit') });
    if (!paging.success) return apiError(c, 400, sourcesMessages.badPage);
    return c.json(await sourcesReport(services.db, jobId, services.now(), paging.data));
  });
}
