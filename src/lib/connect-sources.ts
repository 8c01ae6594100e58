import { EMAILJS_ORIGIN, emailJsConfig } from './emailjs';

/** The API's origin when PUBLIC_API_URL puts it on another one (a split deployment), else null. */
export function apiOrigin(env: Record<string, unknown>): string | null {
  const url = env['PUBLIC_API_URL'];
  return typeof url === 'string' && /^https?:\/\//.test(url) ? new URL(url).origin : null;
}

/** The CSP's connect-src: our own origin, the API's when it lives elsewhere, EmailJS's when configured. */
export function connectSources(env: Record<string, unknown>): string[] {
  return ["'self'", apiOrigin(env), emailJsConfig(env) ? EMAILJS_ORIGIN : null].filter((source) => source !== null);
}
