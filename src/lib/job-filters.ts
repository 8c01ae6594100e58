import { sameDepartment } from './departments';
import type { Job } from './schemas/job';

/**
 * What a careers visitor narrows the list by; each is in the page's query string so a filtered
 * list can be shared. An empty string (or null department) means "any".
 */
export type JobFilters = {
  /** Words looked for in the title, department and description. */
  q: string;
  location: string;
  type: string;
  department: string | null;
};

export const NO_FILTERS: JobFilters = { q: '', location: '', type: '', department: null };

/** The query-string name of each filter. */
const PARAMS = { q: 'q', location: 'location', type: 'type', department: 'department' } as const;

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function filtersFromSearch(search: string | URLSearchParams): JobFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const read = (name: string) => params.get(name)?.trim() ?? '';
  return {
    q: read(PARAMS.q),
    location: read(PARAMS.location),
    type: read(PARAMS.type),
    department: read(PARAMS.department) || null,
  };
}

/** The same URL (path, query and hash) with the filters set, and the empty ones removed. */
export function urlWithFilters(href: string, filters: JobFilters): string {
  const url = new URL(href);
  for (const key of Object.keys(PARAMS) as (keyof JobFilters)[]) {
    const value = filters[key]?.trim();
    if (value) url.searchParams.set(PARAMS[key], value);
    else url.searchParams.delete(PARAMS[key]);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

export const hasFilters = (filters: JobFilters) =>
  Boolean(filters.q || filters.location || filters.type || filters.department);

/** True when the job passes every filter: every keyword somewhere in its title, department or description. */
export function matchesFilters(
  job: Pick<Job, 'title' | 'department' | 'description' | 'location' | 'jobType'>,
  filters: JobFilters,
): boolean {
  if (filters.department !== null && !sameDepartment(job.department, filters.department)) return false;
  if (filters.location && fold(job.location.trim()) !== fold(filters.location)) return false;
  if (filters.type && job.jobType !== filters.type) return false;
  const haystack = fold(`${job.title}\n${job.department}\n${job.description}`);
  return fold(filters.q)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Each distinct location of the jobs, trimmed, alphabetically. */
export function distinctLocations(jobs: readonly { location: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const { location } of jobs) {
    const spelling = location.trim();
    if (spelling && !seen.has(fold(spelling))) seen.set(fold(spelling), spelling);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

/** "3 of 12 roles", or "12 roles" when nothing is filtered out. */
export function rolesCount(shown: number, total: number): string {
  const noun = total === 1 ? 'role' : 'roles';
  return shown === total ? `${total} ${noun}` : `${shown} of ${total} ${noun}`;
}
