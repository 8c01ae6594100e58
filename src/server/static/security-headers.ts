import type { MiddlewareHandler } from 'hono';

/**
 * Headers every answer carries. Script and style hashes live in each page's CSP <meta> (Astro's
 * experimental.csp); this header adds what a <meta> policy cannot say, so both together apply.
 */
export function securityHeaders(): MiddlewareHandler {
  const policy = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"].join('; ');
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!c.res.headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', policy);
  };
}
