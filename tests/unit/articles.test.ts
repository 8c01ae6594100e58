import { describe, expect, it } from 'vitest';
import {
  adjacentArticles,
  buildDate,
  groupByTag,
  isPublished,
  relatedArticles,
  tableOfContents,
  tagSlug,
  unpublishedReason,
  type ArticleFacts,
} from '../../src/lib/articles';

const article = (id: string, pubDate: string, tags: string[], draft = false): ArticleFacts => ({
  id,
  data: { pubDate: new Date(pubDate), draft, tags, title: id.toUpperCase() },
});

describe('publishing', () => {
  const today = new Date('2026-11-25T08:00:00Z');

  it('publishes an article dated today or earlier and keeps drafts out', () => {
    expect(isPublished(article('a', '2026-11-25', ['x']).data, today)).toBe(true);
    expect(isPublished(article('a', '2025-01-01', ['x']).data, today)).toBe(true);
    expect(isPublished(article('a', '2025-01-01', ['x'], true).data, today)).toBe(false);
    expect(unpublishedReason(article('a', '2025-01-01', ['x'], true).data, today)).toBe('draft');
  });

  it('treats a future date as scheduled until a build on or after that day', () => {
    const scheduled = article('a', '2026-11-26', ['x']).data;
    expect(isPublished(scheduled, today)).toBe(false);
    expect(unpublishedReason(scheduled, today)).toBe('scheduled');
    // The daily rebuild just after midnight UTC on the day publishes it.
    expect(isPublished(scheduled, new Date('2026-11-26T00:10:00Z'))).toBe(true);
    expect(unpublishedReason(scheduled, new Date('2026-11-27T00:10:00Z'))).toBeNull();
  });

  it('reads BUILD_DATE as the end of that day, and refuses anything else', () => {
    expect(buildDate(undefined, today)).toBe(today);
    expect(buildDate('', today)).toBe(today);
    expect(isPublished(article('a', '2026-12-01', ['x']).data, buildDate('2026-12-01'))).toBe(true);
    expect(() => buildDate('next week')).toThrow(/BUILD_DATE must be YYYY-MM-DD/);
  });
});

describe('tags', () => {
  it('gives each tag a URL segment', () => {
    expect(tagSlug('NVIDIA DeepStream')).toBe('nvidia-deepstream');
    expect(tagSlug('Embedded C/C++')).toBe('embedded-c-c-plus-plus');
    expect(tagSlug('  Quantisation ')).toBe('quantisation');
    expect(tagSlug('Édge AI')).toBe('edge-ai');
  });

  it('groups articles by tag, newest first, merging spellings of one tag', () => {
    const groups = groupByTag([
      article('old', '2025-01-01', ['Edge AI', 'GStreamer']),
      article('new', '2026-01-01', ['edge ai']),
    ]);
    expect(groups.map((g) => [g.slug, g.name, g.articles.map((a) => a.id)])).toEqual([
      ['edge-ai', 'edge ai', ['new', 'old']],
      ['gstreamer', 'GStreamer', ['old']],
    ]);
  });
});

describe('related, previous and next', () => {
  const all = [
    article('a', '2026-01-01', ['x', 'y']),
    article('b', '2026-02-01', ['x', 'y']),
    article('c', '2026-03-01', ['x']),
    article('d', '2026-04-01', ['z']),
    article('e', '2026-05-01', ['q']),
  ];

  it('puts articles sharing the most tags first, then the newest, never the article itself', () => {
    expect(relatedArticles(all[0] as ArticleFacts, all).map((a) => a.id)).toEqual(['b', 'c', 'e']);
    expect(relatedArticles(all[4] as ArticleFacts, all).map((a) => a.id)).toEqual(['d', 'c', 'b']);
  });

  it('links to the article before and after by date', () => {
    expect(adjacentArticles(all[2] as ArticleFacts, all)).toMatchObject({ previous: { id: 'b' }, next: { id: 'd' } });
    expect(adjacentArticles(all[0] as ArticleFacts, all)).toMatchObject({ previous: undefined, next: { id: 'b' } });
    expect(adjacentArticles(all[4] as ArticleFacts, all)).toMatchObject({ previous: { id: 'd' }, next: undefined });
  });
});

describe('table of contents', () => {
  const h = (depth: number, text: string) => ({ depth, text, slug: text.toLowerCase().replace(/\s+/g, '-') });

  it('lists sections with their subsections from three sections on', () => {
    expect(tableOfContents([h(2, 'One'), h(3, 'One a'), h(2, 'Two'), h(4, 'Deep'), h(2, 'Three')])).toEqual([
      { slug: 'one', text: 'One', children: [{ slug: 'one-a', text: 'One a' }] },
      { slug: 'two', text: 'Two', children: [] },
      { slug: 'three', text: 'Three', children: [] },
    ]);
  });

  it('is empty for fewer than three sections', () => {
    expect(tableOfContents([h(2, 'One'), h(3, 'Sub'), h(2, 'Two')])).toEqual([]);
  });
});
