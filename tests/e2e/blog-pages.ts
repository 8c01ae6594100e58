/**
 * The blog's routes as a build made now publishes them, read from content/articles the way the
 * site does (src/lib/articles.ts): published articles at /<id>, and a page per tag under /tags/.
 * Editors add articles and tags without touching src/public-pages.ts; the tests still measure them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isPublished, tagSlug } from '../../src/lib/articles';

const articlesDir = fileURLToPath(new URL('../../content/articles/', import.meta.url));

type Frontmatter = { draft?: boolean; pubDate: string | Date; tags: string[] };

/** Every article's id with its frontmatter. */
export function articleFrontmatter(dir = articlesDir): { id: string; data: Frontmatter }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const source = readFileSync(join(dir, name), 'utf8');
      const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
      return { id: name.replace(/\.mdx$/, ''), data: parse(yaml) as Frontmatter };
    });
}

/** The article and tag routes a build made `now` contains. */
export function blogRoutes(now = new Date()): { articles: string[]; tags: string[] } {
  const published = articleFrontmatter().filter(({ data }) =>
    isPublished({ draft: data.draft ?? false, pubDate: new Date(data.pubDate), tags: data.tags, title: '' }, now),
  );
  return {
    articles: published.map(({ id }) => `/${id}`),
    tags: [...new Set(published.flatMap(({ data }) => data.tags.map((tag) => `/tags/${tagSlug(tag)}`)))],
  };
}
