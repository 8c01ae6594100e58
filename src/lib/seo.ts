/** Search and social limits every page keeps (what Google and LinkedIn show before cutting). */
import { site } from '../site';

/** Longest <title> of a page or an article, site name included (an article's H1 may be longer). */
export const PAGE_TITLE_MAX = 60;
/** Longest meta description. */
export const DESCRIPTION_MAX = 160;

/**
 * A meta description that fits in `max` characters: the text as it is when it fits, otherwise cut at
 * the last word boundary that leaves room for an ellipsis, with the cut's trailing punctuation dropped.
 * A single word longer than the limit is cut inside the word, as nothing shorter exists.
 */
export function clampDescription(text: string, max: number = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // A boundary is a space at the cut itself or before it; otherwise the cut would split a word.
  const boundary = clean[max - 1] === ' ' ? room.length : room.lastIndexOf(' ');
  // A hard cut must not leave half of a character written as two UTF-16 units (an emoji).
  const cut = boundary > 0 ? room.slice(0, boundary) : room.replace(/[\uD800-\uDBFF]$/, '');
  const kept = cut.replace(/[\s.,;:·–—-]+$/u, '');
  return `${kept}…`;
}

const suffix = ` | ${site.name}`;

/** The <title> of a page: the company name is appended unless the title already contains it. */
export function fullTitle(title: string): string {
  return title.includes(site.name) ? title : `${title}${suffix}`;
}

/** What a content page's frontmatter gives its layout for the head and the hero. */
export type PageHead = {
  title: string;
  metaTitle?: string | undefined;
  description: string;
  heroImage?: string | undefined;
  heroAlt?: string | undefined;
};
