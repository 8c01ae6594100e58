/**
 * The vacancies applied for in this browser (localStorage), from the board or a job page, so their
 * cards say "Applied" on later visits too; the privacy notice names it. Storage may be unavailable
 * (private mode, blocked): then it lasts for the page only.
 */
export const APPLIED_JOBS_KEY = 'careers.applied';

export function appliedJobIds(): Set<number> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(APPLIED_JOBS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function rememberApplied(ids: ReadonlySet<number>): void {
  try {
    window.localStorage.setItem(APPLIED_JOBS_KEY, JSON.stringify([...ids]));
  } catch {
    // Not stored: the mark still shows until the page is left.
  }
}

/** Forgets every vacancy applied for in this browser: its applicant erased their data from it. */
export function forgetAppliedJobs(): void {
  try {
    window.localStorage.removeItem(APPLIED_JOBS_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/** Adds one vacancy to those applied for in this browser. */
export function rememberAppliedJob(id: number): void {
  rememberApplied(new Set(appliedJobIds()).add(id));
}
