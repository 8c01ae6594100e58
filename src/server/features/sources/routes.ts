import { Hono } from 'hono';
import { jobMessages } from '~/lib/schemas/job';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { parseDbId } from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { sourcesReport } from './report';

/**
 * `/sources`: where applicants come from, for every vacancy or one (`?job=id`): views,
 * applications and shortlisted by source and by week. Aggregates only, so it is not audited.
 */
export function sourcesRoutes(services: Services) {
  const guard = requireAdmin(services);
  return new Hono<AppEnv>().get('/', guard, async (c) => {
    const param = c.req.query('job');
    const jobId = param === undefined || param === '' ? null : parseDbId(param);
    if (jobId === null && param) return apiError(c, 404, jobMessages.notFound);
    return c.json(await sourcesReport(services.db, jobId, services.now()));
  });
}
