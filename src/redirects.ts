/**
 * Every redirect of the site, read by Astro's build (static hosts) and by the Node server (301/302).
 * Keys are exact paths; a key that differs from its target only by case is kept out of Astro's
 * `redirects`, which lower-cases routes and would replace the real page.
 */
export const REDIRECTS: Readonly<Record<string, { to: string; status: 301 | 302 }>> = {
  // The route table names /Industrials; the page lives at the lower-case URL.
  '/Industrials': { to: '/industrials', status: 301 },
  // Old links to /login land on the admin login instead of a 404.
  '/login': { to: '/adminlogin', status: 302 },
};

const differsOnlyByCase = (from: string, to: string) => from !== to && from.toLowerCase() === to.toLowerCase();

/** Redirects as `{ from: to }`, split into what Astro's `redirects` can take and what it cannot. */
export function redirectsForAstro(): { routed: Record<string, string>; caseOnly: Record<string, string> } {
  const routed: Record<string, string> = {};
  const caseOnly: Record<string, string> = {};
  for (const [from, { to }] of Object.entries(REDIRECTS)) (differsOnlyByCase(from, to) ? caseOnly : routed)[from] = to;
  return { routed, caseOnly };
}
