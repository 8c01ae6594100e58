/**
 * `/admin?job=12#applicants` opens the Applicants tab filtered by that vacancy: the link each
 * vacancy card offers. Within the dashboard it switches tab and filter without a reload.
 */
const PARAM = 'job';

export const applicantsOfJobHref = (jobId: number): string => `/admin?${PARAM}=${jobId}#applicants`;

/** The vacancy id in the page's URL, or null. */
export function jobFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get(PARAM);
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Drops the id from the URL once the filter holds it, so a later filter change is not undone by a reload. */
export function forgetJobInUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(PARAM)) return;
  url.searchParams.delete(PARAM);
  window.history.replaceState(null, '', url);
}

/** Follows the link in place: the URL names the job and the tab, and both the tabs and the panel hear it. */
export function showApplicantsOfJob(jobId: number): void {
  window.history.replaceState(null, '', applicantsOfJobHref(jobId));
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
