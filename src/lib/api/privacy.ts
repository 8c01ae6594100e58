import { filterToQuery, type ApplicantFilter } from '~/lib/applicant-filter';
import { filenameFromDisposition } from './applicants';
import { apiRequest, apiResponse } from './client';

async function download(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await apiResponse(path, { auth: true });
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  return { blob: await response.blob(), filename };
}

/** `GET /applicants/{id}/export`: one zip with everything stored about that applicant's e-mail address. */
export const exportPersonData = (id: number) => download(`/applicants/${id}/export`, `applicant-${id}-data.zip`);

/** `GET /applicants.csv` with the list's search and filters. */
export function exportApplicantsCsv(filter: ApplicantFilter) {
  const query = filterToQuery(filter).toString();
  return download(`/applicants.csv${query ? `?${query}` : ''}`, 'applicants.csv');
}

/** `POST /erasure`: deletes every application, resume and contact message of `email`. */
export const erasePerson = (email: string) =>
  apiRequest<{ erased: number }>('/erasure', { method: 'POST', json: { email }, auth: true });
