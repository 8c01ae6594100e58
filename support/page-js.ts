/**
 * The JavaScript a built page loads before any interaction: its `<script src>` and inline scripts,
 * and the component and renderer of each island that hydrates at once (`client:idle`, `client:load`)
 * with every module they import statically. Dynamic imports load on interaction (the job
 * description, the application form) and `client:visible` islands once scrolled to (the browser
 * test in tests/e2e/budgets.spec.ts checks those), so they do not count. Sizes are gzip -9 of the
 * files in dist/client.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/** JavaScript before interaction, gzip: read by tests/e2e/budgets.spec.ts and `npm run bench:web`. */
export const JS_BUDGET = {
  /** A page without an island: the site-wide scripts only (menu, search opener, colour theme's head script and toggle). */
  withoutIsland: 3.5 * KB,
  /** A page whose island is its main content (careers board, admin login): React included; the board's filters took it past 85 KB. */
  islandPage: 87 * KB,
} as const;

export const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

/** JavaScript in inline <script> tags (not JSON-LD or other data blocks), gzip-sized one by one. */
export function inlineScriptGzip(html: string): number {
  let total = 0;
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/\ssrc=/.test(attrs)) continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    if (match[2]?.trim()) total += gzipBytes(match[2]);
  }
  return total;
}

/** Same-origin module URLs a page starts from: script sources, and the code of islands that hydrate at once. */
function entryUrls(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<script\s[^>]*\bsrc="(\/[^"]+)"/g)) urls.push(match[1] ?? '');
  for (const [island] of html.matchAll(/<astro-island\s[^>]*>/g)) {
    if (/\sclient="visible"/.test(island)) continue;
    for (const match of island.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="(\/[^"]+)"/g)) {
      urls.push(match[1] ?? '');
    }
  }
  return urls.filter(Boolean);
}

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`; never `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g;

export type PageJs = {
  /** Each module loaded before interaction (URL path) with its gzip size. */
  modules: { url: string; gzip: number }[];
  inline: number;
  total: number;
  hasIsland: boolean;
};

/** What `route` of the build in `clientDir` (dist/client) loads before interaction. */
export function pageJs(clientDir: string, route: string): PageJs {
  const html = readFileSync(path.join(clientDir, route, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const file = path.join(clientDir, decodeURIComponent(url));
    if (!existsSync(file)) throw new Error(`${url}, loaded by ${route}, is not in the build`);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      visit(specifier.startsWith('/') ? specifier : path.posix.join(path.posix.dirname(url), specifier));
    }
  };
  entryUrls(html).forEach(visit);
  const modules = [...seen].map((url) => ({
    url,
    gzip: gzipBytes(readFileSync(path.join(clientDir, decodeURIComponent(url)))),
  }));
  const inline = inlineScriptGzip(html);
  return {
    modules,
    inline,
    total: inline + modules.reduce((sum, m) => sum + m.gzip, 0),
    hasIsland: html.includes('<astro-island'),
  };
}
