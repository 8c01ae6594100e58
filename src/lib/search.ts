/** The folder, at the site root, that holds the search index and Pagefind's browser script. */
export const SEARCH_BUNDLE_PATH = '/pagefind/';
/** At most this many pages are listed for a query; Pagefind loads each one's excerpt on demand. */
export const SEARCH_RESULT_LIMIT = 8;
