import type { MiddlewareHandler } from 'hono';
import { presetHeaders } from './middleware/node-request';

/**
 * What a <meta> policy cannot say. Script and style hashes live in each page's CSP <meta> (Astro's
 * experimental.csp); this header adds the rest, and browsers apply both.
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
 * govern documents (referrer, permissions, opener) are left out: each header is written on every
 * request of the busiest routes. What stays keeps a browser from sniffing, framing or running an
 * answer as anything but data.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

const DOCUMENT_HEADERS = { ...SECURITY_HEADERS, 'Content-Security-Policy': CONTENT_SECURITY_POLICY };

/**
 * SECURITY_HEADERS and CONTENT_SECURITY_POLICY on every answer of a Hono app serving documents; an
 * answer that sets its own policy keeps it. Set before the handler runs, on Node's response when there is one
 * (Hono rebuilds the whole Response for a header added after the handler answered).
 */
export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    presetHeaders(c, DOCUMENT_HEADERS);
    return next();
  };
}
