import { Hono } from 'hono';
import { requestMessages } from '~/lib/schemas';
import { displayNameChangeSchema, teamMessages } from '~/lib/team';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { setDisplayName } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { jsonBody } from '../../middleware/validate';
import { twoFactorRoutes } from './two-factor-routes';

/** `/account`: the signed-in member's own name (`PUT /name`) and two-factor sign-in (`/2fa`). */
export function accountRoutes(services: Runtime) {
  const requireRole = roleGuard(services);
  return new Hono<AppEnv>()
    .put('/name', requireRole('viewer'), jsonBody(displayNameChangeSchema), async (c) => {
      const session = c.var.session;
      if (!session) return apiError(c, 401, requestMessages.authRequired);
      const { displayName } = c.req.valid('json');
      await setDisplayName(services.db, session.id, displayName);
      return c.json({ message: teamMessages.displayNameSaved, displayName });
    })
    .route('/2fa', twoFactorRoutes(services));
}
