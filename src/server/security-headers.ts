import type { MiddlewareHandler } from 'hono';

/**
 * What a <meta> policy cannot say. Script and style hashes live in each page's CSP <meta> (Astro's
 * security.csp); this header adds the rest, and browsers apply both.
 */
export const CONTENT_SECURITY_POLICY = [
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Headers every document (page, asset, 404) carries, whichever part of the server writes it. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Headers of every API answer. JSON is never rendered as a document, so the policies that only
 * govern documents (referrer, permissions, opener) are left out. What stays keeps a browser from
 * sniffing, framing or running an answer as anything but data.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

/** Adds `headers` to every answer of the routes after it; an answer that sets one itself keeps its own. */
export function withHeaders(headers: Readonly<Record<string, string>>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
