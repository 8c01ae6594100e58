import { createHash, randomBytes } from 'node:crypto';
import { APPLICATION_PAGE_PATH } from '~/lib/application-path';

/**
 * Only this hash of an application token is stored. A plain SHA-256 is enough: the token is 256
 * random bits, so there is nothing to guess and no dictionary a slow hash would defend against.
 */
export function hashApplicationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token for an applicant's private page, and the hash to store. */
export function newApplicationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashApplicationToken(token) };
}

/** The private page's address, as the mails carry it. */
export function applicationPageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${APPLICATION_PAGE_PATH}/${token}`;
}
