/**
 * Every link in content/, found the way the build finds them (src/integrations/link-check.ts): MDX
 * bodies and frontmatter, plus the `source` of each YAML row. Used by `npm run check:links` and by the
 * test that plants a broken link in a copy of the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { linksOf, type FoundLink } from './link-check';

function* filesUnder(dir: string, extension: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, extension);
    else if (entry.name.endsWith(extension)) yield path;
  }
}

/** Splits YAML frontmatter off an MDX source, keeping the body's line numbers. */
function splitFrontmatter(source: string): { frontmatter: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(source);
  if (!match) return { frontmatter: {}, body: source };
  const blank = match[0].replace(/[^\n]/g, '');
  return {
    frontmatter: (parseYaml(match[1] ?? '') as Record<string, unknown> | null) ?? {},
    body: blank + source.slice(match[0].length),
  };
}

/**
 * The links of every MDX file and YAML row under `contentDir`, named relative to `root` (the
 * project, so messages read `content/articles/eip.mdx:42`). Drafts are skipped unless `withDrafts`.
 */
export function contentLinks(contentDir: string, root: string, withDrafts = false): FoundLink[] {
  const links: FoundLink[] = [];
  const parser = unified().use(remarkParse).use(remarkMdx);
  for (const path of filesUnder(contentDir, '.mdx')) {
    const source = readFileSync(path, 'utf8');
    const { frontmatter, body } = splitFrontmatter(source);
    if (frontmatter['draft'] === true && !withDrafts) continue;
    const tree = parser.parse(body);
    links.push(...linksOf(tree as Parameters<typeof linksOf>[0], relative(root, path), source, frontmatter));
  }
  for (const path of filesUnder(contentDir, '.yaml')) {
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const match = /^\s*source:\s*['"]?(https?:\/\/[^\s'"]+)/.exec(line);
      if (match?.[1]) links.push({ file: relative(root, path), line: index + 1, column: 1, url: match[1] });
    });
  }
  return links;
}
