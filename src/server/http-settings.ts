import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { HttpSettings } from './boot';

/** Two years, subdomains included: what hstspreload.org asks for. */
const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The Node server's own limits, set deliberately instead of Node's defaults (a request head must
 * arrive within `headersTimeoutMs`, the whole request within `requestTimeoutMs`, else 408).
 */
export function applyHttpSettings(server: Server, settings: HttpSettings): void {
  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
}

/** The Strict-Transport-Security header when `settings.hsts`, for answers whose headers are computed once. */
export function hstsHeaders(settings: HttpSettings): Readonly<Record<string, string>> {
  return settings.hsts ? { 'Strict-Transport-Security': HSTS_HEADER } : {};
}

/** Wraps a request listener so every answer carries Strict-Transport-Security when `settings.hsts`. */
export function withHsts(listener: Listener, settings: HttpSettings): Listener {
  if (!settings.hsts) return listener;
  return (req, res) => {
    res.setHeader('Strict-Transport-Security', HSTS_HEADER);
    listener(req, res);
  };
}
