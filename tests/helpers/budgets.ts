/**
 * The performance budgets, shared by the checks of the built files (tests/site/budgets.test.ts) and
 * of what the browser loads (tests/e2e/budgets.spec.ts). JavaScript's are in support/page-js.ts.
 */
export const KB = 1024;

export const BUDGET = {
  html: 40 * KB,
  css: 20 * KB,
  heroVideo: 1.5 * KB * KB,
  poster: 60 * KB,
  /** An image may carry at most this many pixels per CSS pixel shown (2 = retina-ready, no more). */
  imageScale: 2,
};

/**
 * Pages whose island is the page's main content (careers, admin, an applicant's own page), so it
 * may load at once; the admin login form belongs to admin.
 */
export const ISLAND_IS_THE_PAGE = new Set(['/career', '/admin', '/adminlogin', '/application']);

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
