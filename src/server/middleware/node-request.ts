import type { Context } from 'hono';
import type { IncomingMessage, ServerResponse } from 'node:http';

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse };

/** Node's request and response behind a Hono context, when the app runs on @hono/node-server (not in app.request()). */
export function nodeBindings(c: Context): NodeBindings {
  return (c.env as NodeBindings | undefined) ?? {};
}

/**
 * A request header by its lower-case name, read from Node's parsed headers when there are some:
 * the web Request's `headers` are first built from every raw header, a cost on each request.
 */
export function headerOf(request: Request, incoming: IncomingMessage | undefined, name: Lowercase<string>) {
  if (!incoming) return request.headers.get(name) ?? undefined;
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** headerOf() for the request behind a Hono context. */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  return headerOf(c.req.raw, nodeBindings(c).incoming, name);
}

/**
 * Sets a response header before the handler answers: on Node's response when there is one (Node
 * merges it with the answer's own headers, which win), else through Hono. Hono keeps headers set with
 * `c.header()` in a web `Headers`, whose per-request cost shows on the fastest routes.
 */
export function presetHeader(c: Context, name: string, value: string): void {
  const outgoing = nodeBindings(c).outgoing;
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** presetHeader for each of `headers`. */
export function presetHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) presetHeader(c, name, headers[name] as string);
}
