import type { JobKind } from '~/lib/schemas/job';
import { applicationMessages } from '~/lib/schemas/application';
import type { Runtime } from '../../config';
import { applicationsForLinks, normalizeEmail, replaceApplicationLinks, type TokenApplication } from '../../db';
import { alreadyAppliedMail } from '../../mail';
import { rateLimiter } from '../../middleware/rate-limit';
import { applicationPageUrl, newApplicationToken } from '../../services/application-token';

/**
 * A second application for a position is answered as a first one, so applying tells nobody who
 * applied: nothing is stored, and the address's owner is mailed a new link to the application we
 * hold, at most as often as "send me my link" mails one (per address, whatever the network).
 */
export function duplicateApplications(services: Runtime) {
  const { db, config, logger } = services;
  const perAddress = rateLimiter(services, 'apply-duplicate-email', config.rateLimits.linkMailPerAddress);
  const perAddressDaily = rateLimiter(services, 'apply-duplicate-email-day', config.rateLimits.linkMailPerAddressDaily);

  return {
    /** The application `email` already sent for `jobId`, or undefined. */
    async earlier(jobId: number, email: string): Promise<TokenApplication | undefined> {
      return (await applicationsForLinks(db, normalizeEmail(email))).find((a) => a.jobId === jobId);
    },

    /** Mails the owner of the earlier application its new link, unless the address had one lately. */
    async tellOwner(application: TokenApplication, kind: JobKind): Promise<void> {
      const key = normalizeEmail(application.email);
      if (!(await perAddress.hit(key)).allowed || !(await perAddressDaily.hit(key)).allowed) {
        logger.info('duplicate application mail dropped by its rate limit');
        return;
      }
      const { token, hash } = newApplicationToken();
      const already = kind === 'open' ? applicationMessages.openDuplicate : applicationMessages.duplicate;
      const mail = alreadyAppliedMail(
        config.mail,
        application,
        already,
        applicationPageUrl(config.mail.siteUrl, token),
      );
      await replaceApplicationLinks(db, [{ applicantId: application.id, tokenHash: hash }], mail, services.now());
    },
  };
}
