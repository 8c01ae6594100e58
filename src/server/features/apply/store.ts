import type { Applicant } from '~/lib/schemas/applicant';
import type { Runtime } from '../../config';
import { isUniqueViolation } from '../../db';
import { applicationMails } from '../../mail/mails';
import { applicationPageUrl, newApplicationToken } from '../../services/application-token';
import type { CheckedApplication } from './apply-service';
import { storeApplicant } from './service';

/**
 * The store step of an application: applicant, resume and the mails reporting it (hiring team,
 * applicant) in one transaction, so neither can exist without the other. Returns null when an
 * identical application won a race to the unique index (the caller answers 409).
 */
export function applicationStore(services: Runtime) {
  return {
    async store(application: CheckedApplication): Promise<Applicant | null> {
      // The receipt carries the private page's link; only the token's hash is stored.
      const { token, hash } = newApplicationToken();
      const pageUrl = applicationPageUrl(services.config.mail.siteUrl, token);
      try {
        const { job, fields, resume } = application;
        return await storeApplicant(
          services.db,
          { job, fields, resume, consentVersion: services.config.privacyNoticeVersion },
          {
            now: services.now(),
            mails: (stored) => applicationMails(services.config.mail, stored, pageUrl),
            tokenHash: hash,
          },
        );
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
  };
}
