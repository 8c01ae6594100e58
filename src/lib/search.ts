/** The folder, at the site root, that holds the search index and Pagefind's browser script. */
export const SEARCH_BUNDLE_PATH = '/pagefind/';
/** At most this many pages are listed for a query: each one's excerpt is a request of its own. */
export const SEARCH_RESULT_LIMIT = 20;
