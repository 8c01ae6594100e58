import { getCollection, type CollectionEntry } from 'astro:content';
import { buildDate, isPublished } from '~/lib/articles';

/**
 * The day this build publishes for (BUILD_DATE=YYYY-MM-DD previews a later day). Articles dated after
 * it are scheduled: absent from a production build until the daily rebuild on or after their date.
 */
export const publishedUntil = buildDate(process.env['BUILD_DATE']);

/**
 * Whether this server shows unpublished articles: `npm run dev` does (with a banner), so editors
 * can read a draft; a production build leaves them out entirely (no page, list entry, feed item,
 * sitemap or search entry).
 */
export const showsUnpublished = import.meta.env.DEV;

/** All articles this build shows, in blog order (frontmatter `order`, then newest first). */
export async function getArticles(): Promise<CollectionEntry<'articles'>[]> {
  const entries = await getCollection(
    'articles',
    (entry) => showsUnpublished || isPublished(entry.data, publishedUntil),
  );
  return entries.sort((a, b) => a.data.order - b.data.order || b.data.pubDate.getTime() - a.data.pubDate.getTime());
}
