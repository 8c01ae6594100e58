/**
 * The vacancies applied for during this visit (sessionStorage), so their cards say "Applied" until
 * the tab closes. Storage may be unavailable (private mode, blocked): then it lasts for the page only.
 */
const KEY = 'careers.applied';

export function appliedJobIds(): Set<number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function rememberApplied(ids: ReadonlySet<number>): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...ids]));
  } catch {
    // Not stored: the mark still shows until the page is left.
  }
}
