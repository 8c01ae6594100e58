/**
 * The built site (DIST_DIR or dist, the folder the test server serves) read from disk, for the checks
 * that need no browser: each page's HTML parsed into a DOM (linkedom), to query as a test in a
 * browser would, but without loading, layout or scripts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const distDir = resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist');
export const clientDir = join(distDir, 'client');

type BuiltDocument = ReturnType<typeof parseHTML>['document'];

function readBuilt(file: string): string {
  if (!existsSync(file))
    throw new Error(`${relative(projectRoot, file)} is missing: build the site first (npm run build)`);
  return readFileSync(file, 'utf8');
}

/** The HTML a route's page was built to (`/` → client/index.html, `/iip` → client/iip/index.html). */
export function builtHtml(route: string): string {
  return readBuilt(join(clientDir, route, 'index.html'));
}

const documents = new Map<string, BuiltDocument>();

/** The built page of `route` as a document, parsed once per test file. */
export function builtPage(route: string): BuiltDocument {
  let document = documents.get(route);
  if (!document) {
    document = parseHTML(builtHtml(route)).document;
    documents.set(route, document);
  }
  return document;
}

/** The page the server answers for an unknown path: its scripts are the layout's alone. */
export const notFoundPage = (): BuiltDocument => parseHTML(readBuilt(join(clientDir, '404.html'))).document;

/** Every page of the build with its HTML, except the meta-refresh pages of redirects. */
export function builtPages(): { path: string; html: string }[] {
  const pages: { path: string; html: string }[] = [];
  for (const file of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const html = readBuilt(join(clientDir, file));
    if (/http-equiv="refresh"/.test(html)) continue;
    pages.push({ path: `/${file}`.replace(/(\/index)?\.html$/, '') || '/', html });
  }
  return pages;
}

/** `<script type="module" src>` of a page: the JavaScript files it loads. */
export function moduleScripts(document: BuiltDocument): string[] {
  return [...document.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src') ?? '');
}

/**
 * An element's text as a reader gets it: the text of its nodes without scripts, styles and
 * templates, whitespace collapsed.
 */
export function textOf(element: Element | null | undefined): string {
  if (!element) return '';
  const copy = element.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('script, style, template')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The words of `text`: runs of non-space holding at least one letter. */
export const wordsOf = (text: string): string[] => text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word));

/** An element's accessible name as far as the markup gives it: aria-label, else its text. */
export const nameOf = (element: Element): string => element.getAttribute('aria-label') ?? textOf(element);
