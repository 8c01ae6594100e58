import type { MiddlewareHandler } from 'hono';

/**
 * What a <meta> policy cannot say. Script and style hashes live in each page's CSP <meta> (Astro's
 * experimental.csp); this header adds the rest, and browsers apply both.
 */
export const CONTENT_SECURITY_POLICY = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"].join('; ');

/** Headers every answer carries, whichever part of the server writes it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** SECURITY_HEADERS on every Hono answer, plus CONTENT_SECURITY_POLICY unless the answer has its own. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  };
}
