import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { articleSchema, pageSchema } from '../../src/content/schemas';

/** A complete, valid article frontmatter (as YAML would parse it). */
const article = {
  title: 'Accelerate Your Edge AI Development',
  description: 'How a multi-agent workflow takes a Python model to an optimised edge pipeline in days.',
  heroImage: '/images/articles/edgeai-hero.svg',
  heroAlt: 'Bar chart comparing a manual and an agent-assisted edge AI timeline',
  order: 5,
  pubDate: '2025-03-18',
  author: 'EdgeCraft AI Engineering',
  tags: ['Edge AI', 'Quantization'],
  theme: 'cyan',
  audience: ['Edge AI developers'],
  cta: {
    title: 'Measure the speed-up on your own pipeline',
    text: 'Tell us about the model and the target module.',
    label: 'Apply for early access',
    subject: 'Early Access Program: measure our pipeline',
  },
};

const page = {
  title: 'Intelligent IoT SDK',
  description: 'One silicon-agnostic codebase for several cellular chip vendors.',
  order: 3,
  cta: {
    title: 'Join the Early Access Program',
    text: 'Tell us which modules you ship.',
    label: 'Apply for early access',
    subject: 'Intelligent IoT SDK: Early Access Program',
  },
};

/** The first issue's path and message, as Astro prints them when a build fails. */
function firstIssue(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) throw new Error('expected the frontmatter to be rejected');
  const issue = result.error.issues[0];
  if (!issue) throw new Error('expected at least one issue');
  return { path: issue.path.join('.'), message: issue.message };
}

describe('content schema', () => {
  it('accepts a complete article and coerces pubDate to a Date', () => {
    const parsed = articleSchema.parse(article);
    expect(parsed.pubDate).toBeInstanceOf(Date);
    expect(parsed.pubDate.toISOString().slice(0, 10)).toBe('2025-03-18');
    // Published unless marked otherwise; no update date unless set.
    expect(parsed.draft).toBe(false);
    expect(parsed.updatedDate).toBeUndefined();
  });

  it('accepts a draft with an update date on or after its publication', () => {
    const parsed = articleSchema.parse({ ...article, draft: true, updatedDate: '2025-03-18' });
    expect(parsed.draft).toBe(true);
    expect(parsed.updatedDate?.toISOString().slice(0, 10)).toBe('2025-03-18');
  });

  it('accepts a page without a hero image', () => {
    expect(pageSchema.parse(page).title).toBe('Intelligent IoT SDK');
  });

  describe('rejects a broken article frontmatter and names the field', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['missing title', { title: undefined }, 'title'],
      ['description too short', { description: 'Too short' }, 'description'],
      ['unparseable pubDate', { pubDate: 'next Tuesday' }, 'pubDate'],
      ['missing author', { author: undefined }, 'author'],
      ['empty tag list', { tags: [] }, 'tags'],
      ['unknown theme', { theme: 'neon' }, 'theme'],
      ['empty audience', { audience: [] }, 'audience'],
      ['negative order', { order: -1 }, 'order'],
      ['hero image outside /images/', { heroImage: 'https://cdn.example.com/x.svg' }, 'heroImage'],
      ['hero image without alt text', { heroAlt: undefined }, 'heroAlt'],
      ['no call to action (every article ends with a next step)', { cta: undefined }, 'cta'],
      ['a call to action without a button label', { cta: { ...article.cta, label: '' } }, 'cta.label'],
      ['draft as a word', { draft: 'yes' }, 'draft'],
      ['an update before the publication', { updatedDate: '2025-03-17' }, 'updatedDate'],
    ];

    it.each(cases)('%s', (_name, override, field) => {
      const { path, message } = firstIssue(articleSchema, { ...article, ...override });
      expect(path).toBe(field);
      expect(message.length).toBeGreaterThan(5);
    });

    it('an article <title> may run to 60 characters with the company name, not 61', () => {
      const title = (length: number) => 'a'.repeat(length - ' | EdgeCraft AI'.length);
      expect(articleSchema.safeParse({ ...article, metaTitle: title(60) }).success).toBe(true);
      expect(firstIssue(articleSchema, { ...article, metaTitle: title(61) })).toEqual({
        path: 'metaTitle',
        message: expect.stringContaining('61 characters'),
      });
    });

    it('explains the hero alt rule in words', () => {
      expect(firstIssue(articleSchema, { ...article, heroAlt: undefined }).message).toBe(
        'heroAlt is required when heroImage is set',
      );
    });
  });

  describe('rejects a broken page frontmatter and names the field', () => {
    it.each([
      ['order as a string', { order: 'first' }, 'order'],
      ['missing description', { description: undefined }, 'description'],
      ['hero image without alt text', { heroImage: '/images/products/iis.svg' }, 'heroAlt'],
      ['no call to action', { cta: undefined }, 'cta'],
      ['a call to action without a subject', { cta: { ...page.cta, subject: undefined } }, 'cta.subject'],
      ['description over 160 characters', { description: 'x'.repeat(161) }, 'description'],
      [
        'a <title> over 60 characters',
        { metaTitle: 'Edge AI for unmanned aerial vehicles and their ground stations' },
        'metaTitle',
      ],
    ] as Array<[string, Record<string, unknown>, string]>)('%s', (_name, override, field) => {
      expect(firstIssue(pageSchema, { ...page, ...override }).path).toBe(field);
    });
  });
});
