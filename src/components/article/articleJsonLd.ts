import type { CollectionEntry } from 'astro:content';
import { site } from '~/site';
import { isoDay } from '~/lib/calendar-day';
import type { ReadingTime } from '~/lib/reading-time';

/** schema.org `Article` for one blog post, ready for `JSON.stringify`. */
export function articleJsonLd(entry: CollectionEntry<'articles'>, reading: ReadingTime, origin: URL | string) {
  const { data } = entry;
  const url = new URL(`/${entry.id}`, origin).href;
  const date = isoDay(data.pubDate);
  const modified = isoDay(data.updatedDate ?? data.pubDate);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: data.title,
    description: data.description,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(data.heroImage ? { image: new URL(data.heroImage, origin).href } : {}),
    datePublished: date,
    dateModified: modified,
    author: { '@type': 'Organization', name: data.author, url: new URL('/', origin).href },
    publisher: {
      '@type': 'Organization',
      name: site.name,
      legalName: site.legalName,
      url: new URL('/', origin).href,
      logo: { '@type': 'ImageObject', url: new URL(site.logo, origin).href },
    },
    keywords: data.tags.join(', '),
    audience: data.audience.map((audienceType) => ({ '@type': 'Audience', audienceType })),
    wordCount: reading.words,
    timeRequired: `PT${reading.minutes}M`,
    inLanguage: 'en',
  };
}
