/** The folder, at the site root, that holds the search index and Pagefind's browser script. */
export const SEARCH_BUNDLE_PATH = '/pagefind/';
/** At most this many pages are listed for a query: each one's excerpt is a request of its own. */
export const SEARCH_RESULT_LIMIT = 20;
/** The words of the indexed pages, most frequent first, written by the build for "Did you mean …?". */
export const SEARCH_WORDS_PATH = '/search-words.json';

/** True when `a` becomes `b` by one inserted, deleted or replaced letter. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  // Same length: one replaced letter; else one letter more in the longer word.
  return short.length === long.length ? short.slice(i + 1) === long.slice(i + 1) : short.slice(i) === long.slice(i + 1);
}

/**
 * The most frequent word one edit away from a one-word query the site does not use: "jetsn" → "jetson".
 * Offered even when Pagefind's partial matching lists pages for the misspelling.
 */
export function suggestion(query: string, words: readonly string[]): string | undefined {
  const word = query.trim().toLowerCase();
  if (word.length < 3 || /\s/.test(word) || words.includes(word)) return undefined;
  return words.find((candidate) => oneEditApart(word, candidate));
}
