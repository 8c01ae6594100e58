/**
 * The vacancies applied for in this browser (localStorage), from the board or a job page, so their
 * cards say "Applied" on later visits too. Storage may be unavailable (private mode, blocked): then
 * it lasts for the page only.
 */
const KEY = 'careers.applied';

export function appliedJobIds(): Set<number> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function rememberApplied(ids: ReadonlySet<number>): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Not stored: the mark still shows until the page is left.
  }
}

/** Adds one vacancy to those applied for in this browser. */
export function rememberAppliedJob(id: number): void {
  rememberApplied(new Set(appliedJobIds()).add(id));
}
