/**
 * The site search's open vacancies: they live in the database, not in the built pages Pagefind
 * indexes, so the search dialog matches the careers board's list itself.
 */
import type { Job } from '~/lib/schemas/job';

/** At most this many vacancies head the results, before the pages. */
export const VACANCY_RESULT_LIMIT = 5;

/**
 * Lower case, without accents, and British "-ise" forms spelled "-ize", on both sides of a match:
 * "Quantisation" finds "quantization", "Zürich" finds "zurich".
 */
function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/is(e|ed|es|ing|ation|ations|er|ers)\b/g, 'iz$1');
}

const wordsOf = (text: string): string[] => searchKey(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The vacancies whose title, department, location, type or description holds a word starting with
 * each word of the query ("firmware eng" finds "Senior Firmware Engineer"), those matching in the
 * title first, at most `VACANCY_RESULT_LIMIT`.
 */
export function matchVacancies(query: string, jobs: readonly Job[]): Job[] {
  const wanted = wordsOf(query);
  if (wanted.length === 0) return [];
  const scored: { job: Job; inTitle: number }[] = [];
  for (const job of jobs) {
    const title = wordsOf(job.title);
    const all = [...title, ...wordsOf(`${job.department} ${job.location} ${job.jobType} ${job.description}`)];
    if (!wanted.every((word) => all.some((w) => w.startsWith(word)))) continue;
    scored.push({ job, inTitle: wanted.filter((word) => title.some((w) => w.startsWith(word))).length });
  }
  // A stable sort keeps the board's order (newest first) among equally good matches.
  return scored
    .sort((a, b) => b.inTitle - a.inTitle)
    .slice(0, VACANCY_RESULT_LIMIT)
    .map((entry) => entry.job);
}
