/**
 * What the blog derives from the articles' frontmatter: which are published in a build, tag pages,
 * related articles, previous and next, and the table of contents. Pure functions of plain data, so
 * unit tests run them without Astro.
 */

/** The frontmatter fields these functions read. */
export type ArticleFacts = {
  id: string;
  data: { pubDate: Date; draft: boolean; tags: readonly string[]; title: string };
};

/** Sections an article needs before it gets a table of contents. */
const TOC_MIN_SECTIONS = 3;
/** How many related articles end an article. */
const RELATED_COUNT = 3;

/**
 * The day a build publishes for: `BUILD_DATE=YYYY-MM-DD` when set (to preview a later day), else today.
 * A bad value is an error, never silently today.
 */
export function buildDate(value: string | undefined, now: Date = new Date()): Date {
  if (value === undefined || value === '') return now;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new Error(`BUILD_DATE must be YYYY-MM-DD, not "${value}"`);
  }
  // The end of that day in UTC, so every article dated that day is published.
  return new Date(`${value}T23:59:59.999Z`);
}

/**
 * Whether a production build made at `now` publishes the article: not a draft, and its publication
 * date (midnight UTC of that day) has come. A future date is a scheduled post.
 */
export function isPublished(data: ArticleFacts['data'], now: Date): boolean {
  return !data.draft && data.pubDate.getTime() <= now.getTime();
}

/** Why an article is not public yet, for the banner `npm run dev` shows on it; null once published. */
export function unpublishedReason(data: ArticleFacts['data'], now: Date): 'draft' | 'scheduled' | null {
  if (data.draft) return 'draft';
  return data.pubDate.getTime() > now.getTime() ? 'scheduled' : null;
}

/** The URL segment of a tag: lower case, letters and digits joined by single hyphens ("NVIDIA DeepStream" → "nvidia-deepstream"). */
export function tagSlug(tag: string): string {
  return tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The path of a tag's page. */
export const tagPath = (tag: string) => `/tags/${tagSlug(tag)}`;

export type TagGroup<T extends ArticleFacts> = { slug: string; name: string; articles: T[] };

/**
 * Every tag with its articles (newest first), sorted by name. Tags that differ only in case or
 * punctuation share one page, named as first written.
 */
export function groupByTag<T extends ArticleFacts>(articles: readonly T[]): TagGroup<T>[] {
  const groups = new Map<string, TagGroup<T>>();
  for (const article of newestFirst(articles)) {
    for (const tag of new Set(article.data.tags.map(tagSlug))) {
      const name = article.data.tags.find((t) => tagSlug(t) === tag) ?? tag;
      const group = groups.get(tag) ?? { slug: tag, name, articles: [] };
      group.articles.push(article);
      groups.set(tag, group);
    }
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** Newest first; the same day falls back to the title, so the order never depends on file order. */
function newestFirst<T extends ArticleFacts>(articles: readonly T[]): T[] {
  return [...articles].sort(
    (a, b) => b.data.pubDate.getTime() - a.data.pubDate.getTime() || a.data.title.localeCompare(b.data.title),
  );
}

/** Up to `count` other articles: those sharing the most tags first, then the newest. */
export function relatedArticles<T extends ArticleFacts>(
  article: ArticleFacts,
  articles: readonly T[],
  count = RELATED_COUNT,
): T[] {
  const own = new Set(article.data.tags.map(tagSlug));
  const shared = (other: T) => new Set(other.data.tags.map(tagSlug).filter((tag) => own.has(tag))).size;
  return newestFirst(articles.filter((other) => other.id !== article.id))
    .map((other, rank) => ({ other, rank, score: shared(other) }))
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .slice(0, count)
    .map(({ other }) => other);
}

/** The article published just before this one (older) and just after it (newer), by date. */
export function adjacentArticles<T extends ArticleFacts>(
  article: ArticleFacts,
  articles: readonly T[],
): { previous: T | undefined; next: T | undefined } {
  const chronological = newestFirst(articles).reverse();
  const index = chronological.findIndex((other) => other.id === article.id);
  if (index === -1) return { previous: undefined, next: undefined };
  return { previous: chronological[index - 1], next: chronological[index + 1] };
}

/** A heading as Astro's `render()` reports it. */
export type Heading = { depth: number; slug: string; text: string };
export type TocEntry = { slug: string; text: string; children: { slug: string; text: string }[] };

/**
 * The table of contents: each section (h2) with its subsections (h3), or an empty list when the
 * article has fewer than {@link TOC_MIN_SECTIONS} sections.
 */
export function tableOfContents(headings: readonly Heading[]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const heading of headings) {
    if (heading.depth === 2) entries.push({ slug: heading.slug, text: heading.text, children: [] });
    else if (heading.depth === 3) entries.at(-1)?.children.push({ slug: heading.slug, text: heading.text });
  }
  return entries.length >= TOC_MIN_SECTIONS ? entries : [];
}
