import { SEARCH_BUNDLE_PATH } from '~/lib/search';

/** A heading's part of a page that matched, as Pagefind's `result.data()` describes it. */
export type PagefindSubResult = {
  /** The heading's text (the page's title for the text before its first heading). */
  title: string;
  /** The page's URL, with the heading's `#id` when it has one. */
  url: string;
  /** Escaped text around the match, the matched words inside <mark>. */
  excerpt: string;
  /** Word positions of the matches in this part. */
  locations: number[];
};

export type PagefindResultData = {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results: PagefindSubResult[];
};

type PagefindResult = { data: () => Promise<PagefindResultData> };

/** The part of Pagefind's browser API the dialog uses. */
export type Pagefind = {
  init: () => Promise<void>;
  /** Searches 300 ms after the last call; resolves null when a newer call replaced this one. */
  debouncedSearch: (term: string) => Promise<{ results: PagefindResult[] } | null>;
};

let loading: Promise<Pagefind> | undefined;

/**
 * Pagefind's script from the build, imported on the first open only (a failed load is retried next
 * time). Its path is a variable so Vite leaves the import to the browser.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const url = `${SEARCH_BUNDLE_PATH}pagefind.js`;
    const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pagefind.init();
    return pagefind;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
