import type { IncomingMessage, ServerResponse } from 'node:http';

export type AdminPrincipal = { id: number; email: string };

/**
 * What an API request carries beside the web Request, as Hono's `c.env`: Node's request and
 * response on @hono/node-server (absent under `app.request()`), and what the request layer and
 * the guard record, which the layer around the app reads back for the log line.
 */
export type ApiBindings = {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
  requestId: string;
  /** Set by requireAdmin on guarded routes. */
  admin?: AdminPrincipal;
};

/** The Hono environment shared by every route of the API. */
export type AppEnv = { Bindings: ApiBindings };
