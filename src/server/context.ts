import type { HttpBindings } from '@hono/node-server';
import type { SessionAdmin } from './db/admins';
import type { Logger } from './logger';

export type AdminPrincipal = { id: number; email: string };

/**
 * The Hono environment shared by every route of the API: Node's request and response as bindings
 * (absent under `app.request()` in tests), and what the request layer and the guard record.
 */
export type AppEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** The client's X-Request-Id when it is a plain token, else a new UUID (hono/request-id). */
    requestId: string;
    /** The app's logger with this request's id on every line it writes (set by the request layer). */
    log: Logger;
    /** Set by the role guard (`requireRole`) on guarded routes. */
    admin?: AdminPrincipal;
    /** Set by the role guard too: the admin's role and two-factor state, read with the session. */
    session?: SessionAdmin;
  };
};
