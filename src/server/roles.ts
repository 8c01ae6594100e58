import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Role } from '~/lib/team';

/**
 * The least role allowed on each guarded route of the API, as 'METHOD /api/path' exactly as the
 * route is registered: the summary of the `requireRole(...)` each route writes, which enforces it.
 * A test fails while a row differs from its route's guard, or a guarded route has no row.
 */
export const ROUTE_ROLES: Readonly<Record<string, Role>> = {
  // The session itself.
  'GET /api/auth/verify': 'viewer',
  'POST /api/auth/logout': 'viewer',
  // Their own name and two-factor sign-in.
  'PUT /api/account/name': 'viewer',
  'GET /api/account/2fa': 'viewer',
  'POST /api/account/2fa/setup': 'viewer',
  'POST /api/account/2fa/confirm': 'viewer',
  'POST /api/account/2fa/disable': 'viewer',
  // Vacancies.
  'POST /api/job': 'recruiter',
  'PUT /api/job/:id': 'recruiter',
  'DELETE /api/job/:id': 'recruiter',
  'GET /api/job/all': 'viewer',
  'PUT /api/job/:id/status': 'recruiter',
  // Where applicants come from: counts only.
  'GET /api/sources': 'viewer',
  // Applicants: viewers read them and download resumes.
  'GET /api/applicants/intake': 'viewer',
  'GET /api/applicants': 'viewer',
  'GET /api/applicants/:id': 'viewer',
  'GET /api/applicants/:id/download': 'viewer',
  'GET /api/applicants/:id/preview': 'viewer',
  'PUT /api/applicants/:id/status': 'recruiter',
  'POST /api/applicants/:id/notes': 'recruiter',
  'DELETE /api/applicants/:id/notes/:noteId': 'recruiter',
  // Interviews: viewers read them and the scorecards; only an interviewer (never a viewer) writes one.
  'GET /api/applicants/:id/interviews': 'viewer',
  'POST /api/applicants/:id/interviews': 'recruiter',
  'PUT /api/applicants/:id/interviews/:interviewId': 'recruiter',
  'POST /api/applicants/:id/interviews/:interviewId/cancel': 'recruiter',
  'POST /api/applicants/:id/interviews/:interviewId/scorecard': 'recruiter',
  // Interview slots: recruiters build a vacancy's pool and invite applicants to choose from it.
  'GET /api/job/:id/interview-slots': 'viewer',
  'POST /api/job/:id/interview-slots': 'recruiter',
  'PATCH /api/interview-slots/:slotId': 'recruiter',
  'DELETE /api/interview-slots/:slotId': 'recruiter',
  'POST /api/applicants/:id/interview-invitation': 'recruiter',
  'DELETE /api/applicants/:id': 'recruiter',
  'POST /api/applicants/bulk': 'recruiter',
  'POST /api/applicants/undo': 'recruiter',
  'GET /api/applicants.csv': 'recruiter',
  'GET /api/applicants/:id/export': 'recruiter',
  'POST /api/erasure': 'recruiter',
  // Contact messages and mail.
  'GET /api/messages': 'recruiter',
  'DELETE /api/messages/:id': 'recruiter',
  'PUT /api/messages/:id/handled': 'recruiter',
  'GET /api/outbox': 'recruiter',
  'GET /api/outbox/:id/text': 'recruiter',
  // Mail templates to applicants: kept and used by recruiters and owners.
  'GET /api/mail-templates': 'recruiter',
  'POST /api/mail-templates': 'recruiter',
  'PUT /api/mail-templates/:id': 'recruiter',
  'DELETE /api/mail-templates/:id': 'recruiter',
  'POST /api/mail-templates/preview': 'recruiter',
  'POST /api/outbox/:id/retry': 'recruiter',
  'POST /api/outbox/failed/retry': 'recruiter',
  // After a restore, whether the backup's unsent mails go out is the owners' call.
  'POST /api/outbox/held/release': 'owner',
  'POST /api/outbox/held/discard': 'owner',
  // The team and what it did.
  'GET /api/admins': 'owner',
  'POST /api/admins/invite': 'owner',
  'POST /api/admins/:id/resend': 'owner',
  'PUT /api/admins/:id/role': 'owner',
  'DELETE /api/admins/:id': 'owner',
  'PUT /api/admins/two-factor': 'owner',
  'GET /api/admins/stage-deadlines': 'owner',
  'PUT /api/admins/stage-deadlines': 'owner',
  'GET /api/audit': 'owner',
};

/** What an admin can still do while the team requires two-factor sign-in they have not set up. */
export const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/auth/verify',
  'POST /api/auth/logout',
  'GET /api/account/2fa',
  'POST /api/account/2fa/setup',
  'POST /api/account/2fa/confirm',
]);

/** 'METHOD /api/path' of the route a request matched, as registered (the same key as `ROUTE_ROLES`). */
export function routeKey(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  return route ? `${route.method} ${route.path}` : `${c.req.method} ${c.req.path}`;
}

/** The least role for a route; a route nobody listed is for owners only. */
export const leastRoleFor = (key: string): Role => ROUTE_ROLES[key] ?? 'owner';

/** The role each guard was made for, keyed by the guard itself (see `roleGuard`). */
const GUARD_ROLES = new WeakMap<object, Role>();

/** Marks a route guard with the role it requires, so the routes can be read back with their roles. */
export function markRole<H extends object>(guard: H, role: Role): H {
  GUARD_ROLES.set(guard, role);
  return guard;
}

/** 'METHOD /api/path' → role for every route of an app (Hono's `app.routes`) that has a role guard. */
export function rolesOnRoutes(
  routes: readonly { method: string; path: string; handler: object }[],
): Record<string, Role> {
  const roles: Record<string, Role> = {};
  for (const route of routes) {
    const role = GUARD_ROLES.get(route.handler);
    if (role) roles[`${route.method} ${route.path}`] = role;
  }
  return roles;
}
