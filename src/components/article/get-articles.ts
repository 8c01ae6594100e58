import { getCollection, type CollectionEntry } from 'astro:content';

/** All articles in blog order (frontmatter `order`, then newest first). */
export async function getArticles(): Promise<CollectionEntry<'articles'>[]> {
  const entries = await getCollection('articles');
  return entries.sort((a, b) => a.data.order - b.data.order || b.data.pubDate.getTime() - a.data.pubDate.getTime());
}
