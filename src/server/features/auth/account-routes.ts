import { Hono } from 'hono';
import { requestMessages } from '~/lib/schemas';
import { displayNameChangeSchema, teamMessages } from '~/lib/team';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import { setDisplayName } from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';

/** `/account` beside its two-factor routes: `PUT /name` sets the name the signed-in member goes by. */
export function accountRoutes(services: Services) {
  return new Hono<AppEnv>().put('/name', requireAdmin(services), jsonBody(displayNameChangeSchema), async (c) => {
    const session = c.var.session;
    if (!session) return apiError(c, 401, requestMessages.authRequired);
    const { displayName } = c.req.valid('json');
    await setDisplayName(services.db, session.id, displayName);
    return c.json({ message: teamMessages.displayNameSaved, displayName });
  });
}
