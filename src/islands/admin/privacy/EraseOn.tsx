import type { Applicant } from '~/lib/schemas';
import { formatDate } from '../format';

/** When retention erases this applicant: a date, or that shortlisted applicants are kept. */
export function EraseOn({ applicant }: { applicant: Pick<Applicant, 'status' | 'eraseAt'> }) {
  if (applicant.status === 'shortlisted' || !applicant.eraseAt) return <>Not while shortlisted</>;
  return <time dateTime={applicant.eraseAt}>{formatDate(applicant.eraseAt)}</time>;
}
