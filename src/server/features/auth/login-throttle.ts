import type { Runtime } from '../../config';
import { rateLimiter } from '../../middleware/rate-limit';

export type LoginAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | { allowed: true; failed(): Promise<void>; succeeded(): Promise<void> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Login limits after OWASP's authentication guidance:
 * - per client address (every attempt) and per (e-mail, address) (failed attempts): refused with
 *   429 beyond the limit. Both are counted before the password is checked.
 * - per e-mail, from every address: never refused, so nobody can lock the admin out. Once the
 *   e-mail has collected more failures than `freeFailures` in the window, attempts from an
 *   address that has itself failed for it wait a delay that doubles with each failure; an
 *   address that has not been failing is not slowed at all.
 */
export function loginThrottle(services: Runtime) {
  const { rateLimits, loginSlowdown } = services.config;
  const perIp = rateLimiter(services, 'login-ip', rateLimits.loginPerIp);
  const perPair = rateLimiter(services, 'login-email-ip', rateLimits.loginPerEmail);
  const failuresPerEmail = rateLimiter(services, 'login-email', {
    max: Number.MAX_SAFE_INTEGER,
    windowMs: rateLimits.loginPerEmail.windowMs,
  });

  function delayMs(emailFailures: number): number {
    const excess = emailFailures - loginSlowdown.freeFailures;
    return excess <= 0 ? 0 : Math.min(loginSlowdown.maxMs, loginSlowdown.baseMs * 2 ** Math.min(excess - 1, 20));
  }

  return {
    async begin(email: string, ip: string): Promise<LoginAttempt> {
      const pairKey = `${email}\n${ip}`;
      const byIp = await perIp.hit(ip);
      if (!byIp.allowed) return { allowed: false, retryAfterSeconds: byIp.retryAfterSeconds };
      const byPair = await perPair.hit(pairKey);
      if (!byPair.allowed) return { allowed: false, retryAfterSeconds: byPair.retryAfterSeconds };
      // This attempt is already counted: more than one means the address has failed for this e-mail.
      if (byPair.count > 1) {
        const delay = delayMs(await failuresPerEmail.count(email));
        if (delay > 0) await sleep(delay);
      }
      return {
        allowed: true,
        async failed() {
          await failuresPerEmail.hit(email);
        },
        async succeeded() {
          await perPair.reset(pairKey);
        },
      };
    },
  };
}
