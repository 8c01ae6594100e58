/**
 * Internal links in the content must lead somewhere. A remark plugin records every link of each MDX
 * file as the build compiles it (Markdown links and images, `href`/`src`/`icon` of components, and
 * path-like frontmatter values such as heroImage), with its file and line; when the build is done,
 * each one that points into the site is looked up in the built pages and files (and their ids for an
 * `#anchor`). Anything missing fails `npm run build` with `file:line: target (why)`.
 *
 * Drafts are skipped (they are not built). External links are checked by `npm run check:links`
 * (scripts/check-links.ts), which needs the network.
 */
import { isUnifiedProcessor, type RemarkPlugin } from '@astrojs/markdown-remark';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One link found in a content file. */
export type FoundLink = { file: string; line: number; column: number; url: string };
/** A link that leads nowhere, and why. */
type BrokenLink = FoundLink & { reason: string };

type Node = {
  type: string;
  url?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  position?: { start: { line: number; column: number } };
  children?: Node[];
};
type VFileLike = { path?: string; value?: unknown; data: { astro?: { frontmatter?: Record<string, unknown> } } };

/** Component attributes that hold a link or an image path. */
const LINK_ATTRIBUTES = new Set(['href', 'src', 'icon', 'poster']);

/** Every link of a parsed MDX file: body links and images, component attributes, path-like frontmatter values. */
export function linksOf(
  tree: Node,
  file: string,
  source: string,
  frontmatter: Record<string, unknown> = {},
): FoundLink[] {
  const links: FoundLink[] = [];
  const walk = (node: Node) => {
    const at = node.position?.start ?? { line: 0, column: 0 };
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url) {
      links.push({ file, line: at.line, column: at.column, url: node.url });
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      for (const attribute of node.attributes ?? []) {
        if (attribute.type === 'mdxJsxAttribute' && LINK_ATTRIBUTES.has(attribute.name ?? '')) {
          if (typeof attribute.value === 'string') {
            links.push({ file, line: at.line, column: at.column, url: attribute.value });
          }
        }
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  const lines = source.split('\n');
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string' && /^\/(?!\/)/.test(value)) {
      const index = lines.findIndex((line) => line.trimStart().startsWith(`${key}:`) && line.includes(value));
      links.push({ file, line: index + 1, column: 1, url: value });
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value && typeof value === 'object' && !(value instanceof Date)) {
      for (const [inner, item] of Object.entries(value)) visit(item, inner);
    }
  };
  for (const [key, value] of Object.entries(frontmatter)) visit(value, key);
  return links;
}

/** Whether the frontmatter keeps the file out of a production build (its links are not checked). */
const isDraft = (frontmatter: Record<string, unknown>) => frontmatter['draft'] === true;

/** Records the links of every compiled MDX file into `found`, keyed by file (a recompile replaces them). */
function remarkCollectLinks(found: Map<string, FoundLink[]>, root: string): RemarkPlugin {
  // The fields read here are a subset of mdast's and the VFile's: narrowed once, at the boundary.
  return () => (mdast, compiled) => {
    const tree = mdast as Node;
    const vfile = compiled as unknown as VFileLike;
    const path = vfile.path ?? '';
    if (!path.endsWith('.mdx')) return;
    const frontmatter = vfile.data.astro?.frontmatter ?? {};
    const file = relative(root, path);
    if (isDraft(frontmatter)) {
      found.delete(file);
      return;
    }
    const source = existsSync(path) ? readFileSync(path, 'utf8') : String(vfile.value ?? '');
    found.set(file, linksOf(tree, file, source, frontmatter));
  };
}

/** The built site: its files, and the ids of each page (read when an anchor asks for them). */
type SiteIndex = {
  /** The built file that answers `path`, if any. */
  fileFor(path: string): string | undefined;
  /** Element ids of the page in `file`. */
  idsOf(file: string): Set<string>;
  /** Whether the server answers `path` at request time (redirects, pages rendered on request). */
  servedOnRequest(path: string): boolean;
};

/** Indexes the static build in `dir` (dist/client). */
export function siteIndex(
  dir: string,
  onRequest: { redirects: readonly string[]; patterns: readonly RegExp[] } = { redirects: [], patterns: [] },
): SiteIndex {
  const files = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.add(`/${relative(dir, path).split('\\').join('/')}`);
    }
  };
  if (existsSync(dir) && statSync(dir).isDirectory()) walk(dir);
  const ids = new Map<string, Set<string>>();
  return {
    fileFor(path) {
      const clean = path.replace(/\/+$/, '');
      return [`${clean}/index.html`, `${clean}.html`, clean].find((candidate) => files.has(candidate));
    },
    idsOf(file) {
      let found = ids.get(file);
      if (!found) {
        const html = readFileSync(join(dir, file), 'utf8');
        found = new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => decodeEntities(match[1] ?? '')));
        ids.set(file, found);
      }
      return found;
    },
    servedOnRequest(path) {
      const clean = path.replace(/(?<=.)\/+$/, '');
      return onRequest.redirects.includes(clean) || onRequest.patterns.some((pattern) => pattern.test(clean));
    },
  };
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));

/** The page a content file becomes: every collection is served at the site root by its file name. */
const pageOfContentFile = (file: string) =>
  `/${
    file
      .split('/')
      .pop()
      ?.replace(/\.mdx$/, '') ?? ''
  }`;

/** The links among `links` that lead nowhere in `site`, with the reason. External links are not looked at. */
export function brokenLinks(links: readonly FoundLink[], site: SiteIndex): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const link of links) {
    const reason = whyBroken(link, site);
    if (reason) broken.push({ ...link, reason });
  }
  return broken;
}

function whyBroken(link: FoundLink, site: SiteIndex): string | null {
  const { url } = link;
  // An external link, mail, phone: for `npm run check:links`.
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null;
  if (!url.startsWith('/') && !url.startsWith('#')) {
    return 'a link inside the site must start with / (e.g. /iip) or # (an anchor on this page)';
  }
  const [beforeHash = '', hash] = url.split('#', 2) as [string, string | undefined];
  const path = decodeURI(beforeHash.split('?')[0] ?? '') || (url.startsWith('#') ? pageOfContentFile(link.file) : '/');
  if (site.servedOnRequest(path)) return null;
  const file = site.fileFor(path);
  if (!file) return `no page or file ${path} in the build`;
  if (hash === undefined || hash === '') return null;
  if (!file.endsWith('.html')) return `${path} is a file, not a page with anchors`;
  const id = decodeURIComponent(hash);
  return site.idsOf(file).has(id) ? null : `no element with id "${id}" on ${path}`;
}

/** `file:line:column: target (reason)`, one line per broken link. */
export const formatBroken = (broken: readonly BrokenLink[]) =>
  broken.map((link) => `${link.file}:${link.line}:${link.column}: ${link.url} (${link.reason})`).join('\n');

/**
 * The integration: adds the collecting remark plugin and checks the links when the build is done.
 * `redirects` are paths the server redirects (src/redirects.ts).
 */
export function linkCheck(redirects: readonly string[] = []): AstroIntegration {
  const found = new Map<string, FoundLink[]>();
  let onRequestRoutes: IntegrationResolvedRoute[] = [];
  return {
    name: 'link-check',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const processor = config.markdown.processor;
        if (!processor || !isUnifiedProcessor(processor))
          throw new Error('link-check collects links with a remark plugin: markdown.processor must be unified()');
        // MDX reads the same processor (it extends the Markdown config), so one plugin sees both.
        processor.options.remarkPlugins.push(remarkCollectLinks(found, fileURLToPath(config.root)));
      },
      'astro:routes:resolved': ({ routes }) => {
        onRequestRoutes = routes.filter((route) => !route.isPrerendered);
      },
      'astro:build:done': ({ dir, logger }) => {
        const site = siteIndex(fileURLToPath(dir), {
          redirects,
          patterns: onRequestRoutes.map((route) => route.patternRegex),
        });
        const links = [...found.values()].flat();
        const broken = brokenLinks(links, site);
        if (broken.length > 0) {
          throw new Error(`${broken.length} broken internal link(s) in content/:\n${formatBroken(broken)}`);
        }
        logger.info(
          `${links.length} internal and external links in ${found.size} content files; none broken inside the site`,
        );
      },
    },
  };
}
