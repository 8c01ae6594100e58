import { Hono } from 'hono';
import { z } from 'zod';
import { auditActionSchema, type AuditPage } from '~/lib/privacy';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { auditedAdmins, listAudit, parseDbId } from '../../db';
import { apiError, fieldErrors, summarize } from '../../errors';
import { roleGuard } from '../../middleware/auth';

/** Entries per page of `GET /audit`. */
const AUDIT_PAGE_SIZE = 25;

const idParam = z.string().transform((raw, ctx) => {
  const id = parseDbId(raw);
  if (id === null) ctx.issues.push({ code: 'custom', message: 'must be a record id', input: raw });
  return id ?? z.NEVER;
});
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const auditQuerySchema = z.object({
  cursor: z.preprocess(blankToUndefined, idParam.optional()),
  action: z.preprocess(blankToUndefined, z.optional(auditActionSchema)),
  admin: z.preprocess(blankToUndefined, idParam.optional()),
  lists: z.preprocess(blankToUndefined, z.optional(z.enum(['hide', 'show'], { error: 'lists must be hide or show' }))),
});

/** `GET /audit?cursor=&action=&admin=&lists=hide` (Bearer): the trail, newest first. Read-only by design. */
export function auditRoutes(services: Runtime) {
  const requireRole = roleGuard(services);
  return new Hono<AppEnv>().get('/', requireRole('owner'), async (c) => {
    const parsed = auditQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return apiError(c, 400, summarize(errors, 'Invalid filter'), errors);
    }
    const { cursor, action, admin, lists } = parsed.data;
    const query = { cursor, action, adminId: admin, withoutListViews: lists === 'hide' };
    const page = await listAudit(services.db, query, AUDIT_PAGE_SIZE);
    const body: AuditPage = { ...page, admins: await auditedAdmins(services.db) };
    return c.json(body);
  });
}
