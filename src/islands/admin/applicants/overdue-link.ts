import { OVERDUE_PARAM } from '~/lib/stage-deadlines';

/** Whether the page's URL asks for overdue applicants only (the daily digest's link). */
export const overdueFromUrl = (): boolean => new URLSearchParams(window.location.search).get(OVERDUE_PARAM) === '1';

/** Drops the parameter once the filter holds it, so a later filter change is not undone by a reload. */
export function forgetOverdueInUrl(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(OVERDUE_PARAM)) return;
  url.searchParams.delete(OVERDUE_PARAM);
  window.history.replaceState(null, '', url);
}
