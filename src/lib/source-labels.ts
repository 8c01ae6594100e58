/**
 * The names the admin gives the sources it knows: apart from the sources' rules in sources.ts, so the
 * careers pages, which only read a link's source, do not load them.
 */
import { DIRECT_SOURCE } from './sources';

/** How the admin names the sources it knows; any other reads as the link carried it ('uni-board'). */
const SOURCE_LABELS: Readonly<Record<string, string>> = {
  [DIRECT_SOURCE]: 'Direct',
  linkedin: 'LinkedIn',
  indeed: 'Indeed',
  glassdoor: 'Glassdoor',
  naukri: 'Naukri',
  wellfound: 'Wellfound',
  github: 'GitHub',
  google: 'Google',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  facebook: 'Facebook',
  referral: 'Referral',
  newsletter: 'Newsletter',
};
export const sourceLabel = (source: string): string => SOURCE_LABELS[source] ?? source;
