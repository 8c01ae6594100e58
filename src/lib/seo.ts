/** Search and social limits every page keeps (what Google and LinkedIn show before cutting). */
import { site } from '../site';

/** Longest <title> of a page or an article, site name included (an article's H1 may be longer). */
export const PAGE_TITLE_MAX = 60;
/** Longest meta description. */
export const DESCRIPTION_MAX = 160;

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
