/**
 * The blog as built: the list, each article's byline, structured data, figures and images, and
 * the RSS feed. The chart's table toggle and axe are in tests/e2e/blog.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from 'linkedom';
import { describe, expect, test } from 'vitest';
import { ARTICLES } from '../helpers/site-pages';
import { builtPage, clientDir, distDir, moduleScripts, nameOf, notFoundPage, textOf, wordsOf } from './built-site';

const all = (scope: ParentNode | null | undefined, selector: string): Element[] => [
  ...(scope?.querySelectorAll(selector) ?? []),
];
const byline = (path: string) => builtPage(path).querySelector('[data-testid="byline"]');
const inlineScripts = (document: ReturnType<typeof builtPage>) =>
  all(document, 'script[type="module"]:not([src])').map((script) => script.textContent ?? '');

describe('blog list', () => {
  test('lists exactly the five posts with title, description, tags, theme and link, without pagination', () => {
    const page = builtPage('/blogs');
    expect(all(page, 'h1').map((h1) => textOf(h1))).toEqual(['Blog']);
    expect(all(page, 'main a').filter((a) => /^(exit|back)$/i.test(nameOf(a)))).toEqual([]);
    const posts = all(page, '[data-testid="blog-post"]');
    expect(posts).toHaveLength(5);
    const links: string[] = [];
    for (const post of posts) {
      const link = post.querySelector('h2 a');
      expect(textOf(link)).toMatch(/\S+ \S+ \S+/);
      links.push(link?.getAttribute('href') ?? '');
      expect(
        all(post, 'p').some((p) => /\w+ \w+ \w+ \w+ \w+/.test(textOf(p))),
        textOf(link),
      ).toBe(true);
      const tags = all(post, '[role="group"], fieldset').filter((group) => /^Tags for /.test(nameOf(group)));
      expect(all(tags[0], 'li').length, textOf(link)).toBeGreaterThan(0);
      expect(post.getAttribute('data-theme')).toMatch(/^(cyan|violet|emerald|amber|rose)$/);
    }
    expect(links).toEqual([...ARTICLES]);
    expect(all(page, 'a').filter((a) => /next|older|page 2/i.test(nameOf(a)))).toEqual([]);
  });

  test('every post link resolves to its article with the same heading', () => {
    const titles = all(builtPage('/blogs'), '[data-testid="blog-post"] h2').map((h2) => textOf(h2));
    for (const [i, path] of ARTICLES.entries()) {
      expect(
        all(builtPage(path), 'h1').map((h1) => textOf(h1)),
        path,
      ).toEqual([titles[i] ?? 'missing title']);
    }
  });
});

describe('articles', () => {
  test('a scheduled article is in no file of the build: no page, list, tag page, feed, sitemap or search entry', () => {
    // content/articles' example, dated after every build; drafts take the same path (isPublished).
    const mentions = (needle: string) =>
      readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.(html|xml|json|txt|js)$/.test(file) && readFileSync(join(distDir, file), 'utf8').includes(needle),
      );
    expect(mentions('example-scheduled-article')).toEqual([]);
    expect(mentions('An example of a scheduled article')).toEqual([]);
    expect(mentions('Publishing on the blog')).toEqual([]);
    expect(mentions('/tags/publishing')).toEqual([]);
  });

  test('the IIS launch article has a dated byline with reading time', () => {
    expect(textOf(builtPage('/biis').querySelector('h1'))).toContain('Intelligent IoT SDK');
    expect(textOf(byline('/biis'))).toMatch(/By .+Published 10 February 2026.+\d+ min read/s);
    expect(byline('/biis')?.querySelector('time')?.getAttribute('datetime')).toBe('2026-02-10');
  });

  for (const path of ARTICLES) {
    test(`${path} carries parseable JSON-LD Article data that matches the page`, () => {
      const page = builtPage(path);
      const scripts = all(page, 'script[type="application/ld+json"]');
      expect(scripts).toHaveLength(1);
      const data = JSON.parse(scripts[0]?.textContent ?? '') as Record<string, unknown>;
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe('Article');
      expect(data['headline']).toBe(textOf(page.querySelector('h1')));
      expect(data['datePublished']).toBe(byline(path)?.querySelector('time')?.getAttribute('datetime'));
      expect(new URL(String(data['url'])).pathname).toBe(path);
      expect(data['timeRequired']).toMatch(/^PT\d+M$/);
      // /ipg at least 1,500 words, the other articles at least 700.
      expect(data['wordCount']).toBeGreaterThanOrEqual(path === '/ipg' ? 1500 : 700);
      const minutes = Number(String(data['timeRequired']).slice(2, -1));
      expect(textOf(byline(path))).toContain(`${minutes} min read`);
    });

    test(`${path} ends with a next step to the Early Access Program and loads no island JavaScript`, () => {
      const page = builtPage(path);
      const invitation = all(page, 'aside').filter((aside) => nameOf(aside) === 'Next step');
      expect(invitation).toHaveLength(1);
      expect(all(invitation[0], 'a').map((a) => a.getAttribute('href'))).toEqual([
        expect.stringMatching(/^\/\?subject=Early\+Access\+Program.*#contact$/),
      ]);
      expect(all(page, 'astro-island')).toHaveLength(0);

      // The layout's global script is what a page without islands (the 404 page) loads; nothing more
      // but the table of contents' few hundred bytes inline, which mark the section being read.
      const layout = notFoundPage();
      expect(moduleScripts(page).filter((src) => !moduleScripts(layout).includes(src))).toEqual([]);
      const own = inlineScripts(page).filter((script) => !inlineScripts(layout).includes(script));
      expect(own).toHaveLength(1);
      expect(own[0]).toContain('[data-toc]');
      expect(own[0]?.length).toBeLessThan(700);
    });
  }

  test('together the articles carry the figures', () => {
    const text = ARTICLES.map((path) => textOf(builtPage(path).querySelector('main'))).join(' ');
    for (const figure of [
      '70–90%',
      '2–3x',
      'up to 90%',
      'up to 5x',
      '2x to 5x',
      'FP16',
      'INT8',
      'BF16',
      'FP8',
      'INT4',
      'TFLITE',
      'ONNX',
      'JetPack 6.1 or later',
      'Nano, Xavier and Orin',
    ]) {
      expect(text, figure).toContain(figure);
    }
  });

  test('/eip backs its pathway comparison with published figures, each with its method and source', () => {
    const main = builtPage('/eip').querySelector('main');
    expect(textOf(main)).not.toContain('2x the baseline');
    const tables = all(main, 'table').filter((table) =>
      /Published inference figures/.test(table.getAttribute('aria-label') ?? textOf(table.querySelector('caption'))),
    );
    expect(tables).toHaveLength(1);
    const rows = all(tables[0], 'tbody tr');
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      const sources = all(row, 'a').filter((a) => /^Source: /.test(nameOf(a)));
      expect(sources.length, textOf(row)).toBeGreaterThan(0);
      for (const source of sources) expect(source.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });

  test("articles name today's runtimes and accelerators", () => {
    const ipg = builtPage('/ipg').querySelector('main');
    expect(textOf(ipg)).toContain('LiteRT (formerly TensorFlow Lite)');
    expect(textOf(ipg)).toContain('Jetson AGX Thor');
    const fp8 = all(ipg, 'tr').filter((row) => textOf(row).startsWith('FP8'));
    expect(fp8).toHaveLength(1);
    expect(textOf(fp8[0])).toContain('Orin');
    expect(textOf(builtPage('/eip').querySelector('main'))).toContain('do not run inside nvinfer');
  });

  test('every article image has alt text, width and height', () => {
    for (const path of ARTICLES) {
      for (const img of all(builtPage(path).querySelector('main'), 'img')) {
        const label = `${path} ${img.getAttribute('src') ?? ''}`;
        expect(img.getAttribute('alt'), label).not.toBeNull();
        expect(Number(img.getAttribute('width')), label).toBeGreaterThan(0);
        expect(Number(img.getAttribute('height')), label).toBeGreaterThan(0);
      }
    }
  });

  test('on a 390 px phone every hero shows an upright drawing whose smallest text is at least 12 px', () => {
    // The hero spans the phone's width less the page's 16 px gutters.
    const shownWidth = 390 - 2 * 16;
    for (const path of ARTICLES) {
      const source = builtPage(path).querySelector('header picture source[media="(max-width: 639px)"]');
      const src = source?.getAttribute('srcset') ?? '';
      expect(src, path).toMatch(/^\/images\/.+\.svg$/);
      const svg = readFileSync(join(clientDir, src), 'utf8');
      const width = Number(source?.getAttribute('width'));
      expect(Number(source?.getAttribute('height')), path).toBeGreaterThan(width);
      const sizes = [...svg.matchAll(/font-size="(\d+(?:\.\d+)?)"/g)].map((match) => Number(match[1]));
      expect(sizes.length, path).toBeGreaterThan(0);
      expect(Math.min(...sizes) * (shownWidth / width), path).toBeGreaterThanOrEqual(12);
    }
  });
});

describe('RSS feed', () => {
  test('/rss.xml is RSS 2.0 listing the five articles', () => {
    const xml = readFileSync(join(clientDir, 'rss.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const feed = new DOMParser().parseFromString(xml, 'text/xml');
    const rss = feed.documentElement;
    expect(rss?.nodeName).toBe('rss');
    expect(rss?.getAttribute('version')).toBe('2.0');
    const channel = [...(rss?.children ?? [])].filter((element) => element.nodeName === 'channel');
    expect(channel).toHaveLength(1);
    const child = (parent: Element | undefined, name: string) =>
      [...(parent?.children ?? [])].find((element) => element.nodeName === name)?.textContent ?? '';
    expect(wordsOf(child(channel[0], 'title')).length).toBeGreaterThan(0);
    expect(() => new URL(child(channel[0], 'link'))).not.toThrow();
    const items = all(channel[0], 'item');
    expect(items).toHaveLength(5);
    expect(items.map((item) => new URL(child(item, 'link')).pathname).sort()).toEqual([...ARTICLES].sort());
    for (const item of items) {
      expect(child(item, 'title').length).toBeGreaterThan(10);
      expect(child(item, 'description').length).toBeGreaterThan(20);
      expect(child(item, 'guid')).toBe(child(item, 'link'));
      expect(Number.isNaN(Date.parse(child(item, 'pubDate')))).toBe(false);
    }
  });
});
