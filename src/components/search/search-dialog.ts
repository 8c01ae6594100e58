import { fetchOpenJobs } from '~/lib/api/jobs';
import type { Job } from '~/lib/schemas/job';
import { SEARCH_RESULT_LIMIT, SEARCH_WORDS_PATH, suggestion } from '~/lib/search';
import { matchVacancies } from '~/lib/vacancy-search';
import { loadPagefind } from './pagefind';
import { resultItem, toHit, vacancyHit } from './search-results';

/** The dialog's parts, found once by their data attributes. */
type Parts = {
  input: HTMLInputElement;
  status: HTMLElement;
  results: HTMLUListElement;
  empty: HTMLElement;
};

function partsOf(dialog: HTMLDialogElement): Parts {
  const find = <T extends HTMLElement>(name: string) => {
    const element = dialog.querySelector<T>(`[data-search-${name}]`);
    if (!element) throw new Error(`The search dialog has no [data-search-${name}]`);
    return element;
  };
  return { input: find('input'), status: find('status'), results: find('results'), empty: find('empty') };
}

let words: Promise<string[]> | undefined;
/** The site's words for "Did you mean …?", fetched on the first search that finds nothing. */
function siteWords(): Promise<string[]> {
  words ??= fetch(SEARCH_WORDS_PATH)
    .then((response) => (response.ok ? (response.json() as Promise<string[]>) : []))
    .catch(() => {
      words = undefined;
      return [];
    });
  return words;
}

let jobs: Promise<Job[]> | undefined;
/** The open vacancies, fetched on the first search; without the API the pages are still searched. */
function openVacancies(): Promise<Job[]> {
  jobs ??= fetchOpenJobs().catch(() => {
    jobs = undefined;
    return [];
  });
  return jobs;
}

const resultLinks = (parts: Parts) => [...parts.results.querySelectorAll<HTMLAnchorElement>('a[data-search-result]')];

/** Arrow keys walk from the field through the results and back; Enter on a result follows its link. */
function moveFocus(parts: Parts, event: KeyboardEvent): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = resultLinks(parts);
  if (links.length === 0) return;
  event.preventDefault();
  const current = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = event.key === 'ArrowDown' ? Math.min(current + 1, links.length - 1) : current - 1;
  (next < 0 ? parts.input : links[next])?.focus();
}

function statusText(query: string, total: number, shown: number): string {
  if (total === 0) return `No results for “${query}”.`;
  const count = `${total} ${total === 1 ? 'result' : 'results'} for “${query}”`;
  return shown < total ? `${count}, the best ${shown} shown.` : `${count}.`;
}

/**
 * The search dialog's behaviour, loaded on its first open: searches as the visitor types, lists
 * each page with the section and excerpt that matched, and says so when nothing did.
 */
function setUpSearchDialog(dialog: HTMLDialogElement): void {
  const parts = partsOf(dialog);
  let latest = '';

  const show = (message: string, items: HTMLLIElement[], noResults: boolean) => {
    parts.status.textContent = message;
    parts.results.replaceChildren(...items);
    parts.results.hidden = items.length === 0;
    parts.empty.hidden = !noResults;
  };

  const search = async () => {
    const query = parts.input.value.trim();
    latest = query;
    if (query === '') {
      show('', [], false);
      return;
    }
    try {
      const [pagefind, vacancies] = await Promise.all([loadPagefind(), openVacancies()]);
      const found = await pagefind.debouncedSearch(query);
      if (found === null) return;
      const pages = (await Promise.all(found.results.slice(0, SEARCH_RESULT_LIMIT).map((result) => result.data()))).map(
        toHit,
      );
      // A slower, older search must not replace the answer to what the field says now.
      if (query !== latest) return;
      const hits = [...matchVacancies(query, vacancies).map(vacancyHit), ...pages];
      const total = found.results.length + hits.length - pages.length;
      show(statusText(query, total, hits.length), hits.map(resultItem), hits.length === 0);
      offer(suggestion(query, await siteWords()), query);
    } catch {
      if (query === latest) show('Search could not load. Check your connection, then type again.', [], false);
    }
  };

  /** "Did you mean …?" under a query the site's words do not hold, when one of them is a letter away. */
  const offer = (word: string | undefined, query: string) => {
    if (word === undefined || query !== latest) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'font-semibold text-brand-300 underline';
    button.textContent = word;
    button.addEventListener('click', () => {
      parts.input.value = word;
      parts.input.focus();
      void search();
    });
    const line = document.createElement('span');
    line.className = 'block';
    line.append('Did you mean ', button, '?');
    parts.status.append(line);
  };

  parts.input.addEventListener('input', () => void search());
  // Enter in the field opens the best result.
  parts.input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) resultLinks(parts)[0]?.click();
  });
  dialog.addEventListener('keydown', (event) => moveFocus(parts, event));
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop (the <dialog> itself, not its content) closes it; so does following a
    // link, which may only scroll this page (the contact form on the home page).
    if (event.target === dialog || (event.target as Element).closest('a')) dialog.close();
  });
  // What was typed before this module arrived is searched now.
  void search();
}

// A script bundle of its own (open-search.ts imports it by URL): importing it sets the dialog up.
const dialog = document.querySelector<HTMLDialogElement>('[data-search-dialog]');
if (dialog) setUpSearchDialog(dialog);
