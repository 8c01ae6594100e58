import type { Applicant } from '~/lib/schemas';
import { formatDate } from '~/lib/date-time';

/** When retention erases this applicant, whatever its stage (the admin API always answers the date). */
export function EraseOn({ applicant }: { applicant: Pick<Applicant, 'eraseAt'> }) {
  return applicant.eraseAt ? <time dateTime={applicant.eraseAt}>{formatDate(applicant.eraseAt)}</time> : null;
}
