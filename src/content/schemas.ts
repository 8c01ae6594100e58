import { z } from 'astro/zod';
import { DESCRIPTION_MAX, PAGE_TITLE_MAX, fullTitle } from '../lib/seo';

/** Fields every content page shares. */
const pageFields = {
  /** The page's H1, and its <title> unless metaTitle is set. Required. */
  title: z.string().min(1),
  /**
   * The <title> when the H1 alone does not say what the page is, or is too long for search results
   * ("Edge AI for drones and UAVs", not "Drone"). The company name is appended.
   */
  metaTitle: z.string().min(1).optional(),
  /** Meta description and card summary, one or two sentences, at most 160 characters. Required. */
  description: z.string().min(20).max(DESCRIPTION_MAX),
  /** Hero illustration path under /public, e.g. `/images/products/iip-hero.svg`. */
  heroImage: z.string().startsWith('/images/').optional(),
  /** Alt text for the hero image; required whenever heroImage is set (checked below). */
  heroAlt: z.string().optional(),
  /** Position in sidebars and lists (ascending). */
  order: z.number().int().nonnegative(),
  /** Short label for sidebars and mobile strips; defaults to the title. */
  navLabel: z.string().optional(),
};

type SeoFields = { title: string; metaTitle?: string | undefined };

const needsAltWithImage = (page: { heroImage?: string | undefined; heroAlt?: string | undefined }) =>
  !page.heroImage || Boolean(page.heroAlt);
const altMessage = { message: 'heroAlt is required when heroImage is set', path: ['heroAlt'] };

/** The <title> a page gets must fit in search results; the message says how long it came out. */
const titleFits = (max: number) => (page: SeoFields, ctx: z.RefinementCtx) => {
  const shown = fullTitle(page.metaTitle ?? page.title);
  if (shown.length > max) {
    ctx.addIssue({
      code: 'custom',
      path: ['metaTitle'],
      message: `the page title "${shown}" is ${shown.length} characters; set a shorter metaTitle: at most ${max} characters with the company name`,
    });
  }
};

/** Mailboxes a call to action may write to instead of the contact form. */
const ctaMailboxes = ['privacy', 'security', 'careers'] as const;

/** The call to action that ends a product, vertical or design page. */
export const ctaSchema = z.object({
  /** Heading of the call to action. */
  title: z.string().min(1),
  /** One or two sentences under the heading. */
  text: z.string().min(1),
  /** Button label, e.g. "Talk to an engineer". */
  label: z.string().min(1),
  /** Subject the contact form is filled with when the button is followed. */
  subject: z.string().min(1).max(120),
  /** Where the button goes: the contact form (default), or one of our mailboxes with the subject filled in. */
  to: z.enum(['contact', ...ctaMailboxes]).default('contact'),
});

/** Products, verticals and the design and hardware pages: each ends with a call to action. */
export const pageSchema = z
  .object({
    ...pageFields,
    /** The next step the page offers (talk to an engineer, join the Early Access Program…). Required. */
    cta: ctaSchema,
  })
  .refine(needsAltWithImage, altMessage)
  .superRefine(titleFits(PAGE_TITLE_MAX));

export const articleSchema = z
  .object({
    ...pageFields,
    /**
     * Publication date, ISO `YYYY-MM-DD`. Required. A date after the day of the build keeps the article out of
     * that build, like a draft (scheduled post); the daily rebuild publishes it on the day.
     */
    pubDate: z.coerce.date(),
    /** Date of the last substantial change, ISO `YYYY-MM-DD`; shown under the byline, JSON-LD dateModified, RSS. */
    updatedDate: z.coerce.date().optional(),
    /** true: shown by `npm run dev` with a Draft banner, left out of the production build entirely. */
    draft: z.boolean().default(false),
    /**
     * The hero redrawn upright for screens under 640 px, an SVG under /images/ (600 wide, text at least
     * 22 units so it reads at 13 px on a phone). Optional; needs heroImage.
     */
    heroPhoneImage: z.string().startsWith('/images/').endsWith('.svg').optional(),
    /** Byline author. Required. */
    author: z.string().min(1),
    /** Topic tags shown on the blog list. At least one. */
    tags: z.array(z.string().min(1)).min(1),
    /** Visual theme of the blog card. */
    theme: z.enum(['cyan', 'violet', 'emerald', 'amber', 'rose']),
    /** Who the article is written for (ML researchers, embedded engineers…). At least one. */
    audience: z.array(z.string().min(1)).min(1),
    /** The next step the article ends with (usually the Early Access Program). Required. */
    cta: ctaSchema,
  })
  .refine(needsAltWithImage, altMessage)
  .refine((article) => !article.heroPhoneImage || Boolean(article.heroImage), {
    message: 'heroPhoneImage is the phone version of heroImage: set heroImage too',
    path: ['heroPhoneImage'],
  })
  .refine((article) => !article.updatedDate || article.updatedDate >= article.pubDate, {
    message: 'updatedDate must be on or after pubDate',
    path: ['updatedDate'],
  })
  .superRefine(titleFits(PAGE_TITLE_MAX));

/** Legal notices (content/legal), such as the privacy notice. */
export const legalSchema = z.object({
  /** The page's H1 and <title>. Required. */
  title: z.string().min(1),
  /** Small label above the H1, e.g. "Careers and contact". Required. */
  eyebrow: z.string().min(1),
  /** Meta description, one or two sentences. Required. */
  description: z.string().min(20).max(300),
  /** Version of the notice, e.g. '1.0'; each applicant's consent records it. Raise it on every change. */
  version: z.string().regex(/^\d+(\.\d+)*$/, 'version must look like 1.0'),
  /** Date of the last change, ISO `YYYY-MM-DD`. */
  updated: z.coerce.date(),
  /** A next step at the end of the page (a question about the notice or the terms), optional. */
  cta: ctaSchema.optional(),
});
