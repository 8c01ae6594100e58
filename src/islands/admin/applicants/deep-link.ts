/** `/admin?applicant=42#applicants` (the link in the 'New application' mail) names the applicant to open. */
const PARAM = 'applicant';

/** The applicant id in the page's URL, or null. */
export function applicantFromUrl(): number | null {
  const raw = new URLSearchParams(window.location.search).get(PARAM);
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Puts the open applicant's id in the URL, so the address can be reloaded or handed to a teammate. */
export function rememberApplicantInUrl(id: number): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(PARAM) === String(id)) return;
  url.searchParams.set(PARAM, String(id));
  window.history.replaceState(null, '', url);
}

/** Drops the id from the URL once its dialog is closed, so a reload does not open it again. */
export function forgetApplicantInUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(PARAM)) return;
  url.searchParams.delete(PARAM);
  window.history.replaceState(null, '', url);
}
