import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getArticles } from '~/components/article/get-articles';
import { site } from '~/site';

/** RSS 2.0 feed of every published article, newest first; an updated article carries `atom:updated`. */
export async function GET(context: APIContext) {
  const articles = await getArticles();
  const newestFirst = [...articles].sort((a, b) => b.data.pubDate.getTime() - a.data.pubDate.getTime());
  return rss({
    title: `${site.name} blog`,
    description: 'Engineering articles on edge AI pipelines, MLOps and silicon-agnostic IoT development.',
    site: context.site ?? site.url,
    items: newestFirst.map((entry) => ({
      title: entry.data.title,
      description: entry.data.description,
      pubDate: entry.data.pubDate,
      link: `/${entry.id}`,
      author: `${site.emails.sales} (${entry.data.author})`,
      categories: [...entry.data.tags],
      ...(entry.data.updatedDate
        ? { customData: `<atom:updated>${entry.data.updatedDate.toISOString()}</atom:updated>` }
        : {}),
    })),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>en</language><atom:link href="${new URL('/rss.xml', context.site ?? site.url).href}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: false,
  });
}
