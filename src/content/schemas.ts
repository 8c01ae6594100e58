import { z } from 'zod';

/** Fields every content page shares. */
export const pageFields = {
  /** The page's H1 and <title>. Required. */
  title: z.string().min(1),
  /** Meta description and card summary, one or two sentences. Required. */
  description: z.string().min(20).max(300),
  /** Hero illustration path under /public, e.g. `/images/products/iip-hero.svg`. */
  heroImage: z.string().startsWith('/images/').optional(),
  /** Alt text for the hero image; required whenever heroImage is set (checked below). */
  heroAlt: z.string().optional(),
  /** Position in sidebars and lists (ascending). */
  order: z.number().int().nonnegative(),
  /** Short label for sidebars and mobile strips; defaults to the title. */
  navLabel: z.string().optional(),
};

const needsAltWithImage = (page: { heroImage?: string | undefined; heroAlt?: string | undefined }) =>
  !page.heroImage || Boolean(page.heroAlt);
const altMessage = { message: 'heroAlt is required when heroImage is set', path: ['heroAlt'] };

/** Products, verticals and the design page. */
export const pageSchema = z.object(pageFields).refine(needsAltWithImage, altMessage);

export const articleSchema = z
  .object({
    ...pageFields,
    /** Publication date, ISO `YYYY-MM-DD`. Required. */
    pubDate: z.coerce.date(),
    /** Byline author. Required. */
    author: z.string().min(1),
    /** Topic tags shown on the blog list. At least one. */
    tags: z.array(z.string().min(1)).min(1),
    /** Visual theme of the blog card. */
    theme: z.enum(['cyan', 'violet', 'emerald', 'amber', 'rose']),
    /** Who the article is written for (SPEC §1 audiences). At least one. */
    audience: z.array(z.string().min(1)).min(1),
  })
  .refine(needsAltWithImage, altMessage);

