/**
 * The performance budgets read from the built files: each page's HTML and CSS, the JavaScript an
 * island page imports before any interaction, the hero video and the image formats. What the
 * browser loads (lazy islands, images once scrolled to) is measured in tests/e2e/budgets.spec.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { REDIRECTS } from '../../src/redirects';
import { gzipBytes, JS_BUDGET, pageJs } from '../../support/page-js';
import { blogRoutes } from '../e2e/blog-pages';
import { BUDGET, ISLAND_IS_THE_PAGE, KB, kb } from '../helpers/budgets';
import { builtHtml, clientDir, projectRoot } from './built-site';

const blog = blogRoutes();
/**
 * Every public route, and the admin dashboard (static shell, its HTML and CSS count too): the listed
 * pages, and the articles and tag pages editors add (derived from content/articles).
 */
const ALL_PAGES = [...new Set([...PUBLIC_PAGES, ...blog.articles, ...blog.tags, '/admin'])];

/** Paths of `attribute` values on tags matching `tag` (e.g. every stylesheet href). */
function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const match of html.matchAll(tag)) {
    const value = new RegExp(`\\s${attribute}="([^"]*)"`).exec(match[0])?.[1];
    if (value) values.push(value);
  }
  return values;
}

/** The file in dist/client that a same-origin URL path is served from. */
const distFileFor = (urlPath: string) => join(clientDir, decodeURIComponent(urlPath));

describe('budgets computed from the build', () => {
  test('the public route list names every page of the build, so every page is measured', () => {
    const pages = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
      .map((file) => `/${file.replace(/\/?index\.html$/, '')}`)
      .filter((route) => !(route in REDIRECTS) && !route.startsWith('/_astro'));
    expect(pages.sort()).toEqual([...ALL_PAGES].sort());
  });

  test.each(ALL_PAGES)('%s: HTML at most 40 KB gzip, CSS at most 20 KB gzip', (route) => {
    const html = builtHtml(route);
    const htmlGzip = gzipBytes(html);
    expect(htmlGzip, `${route} HTML is ${kb(htmlGzip)} gzip`).toBeLessThanOrEqual(BUDGET.html);

    const stylesheets = attributeValues(html, /<link\s[^>]*rel="stylesheet"[^>]*>/g, 'href');
    let cssGzip = 0;
    for (const href of stylesheets) {
      const file = distFileFor(new URL(href, 'http://site.invalid').pathname);
      expect(existsSync(file), `${href} (linked from ${route}) is not in the build`).toBe(true);
      cssGzip += gzipBytes(readFileSync(file));
    }
    for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) cssGzip += gzipBytes(match[1] ?? '');
    expect(
      cssGzip,
      `${route} CSS (${stylesheets.join(', ') || 'inline only'}) is ${kb(cssGzip)} gzip`,
    ).toBeLessThanOrEqual(BUDGET.css);
  });

  test.each(PUBLIC_PAGES.filter((page) => ISLAND_IS_THE_PAGE.has(page)))(
    `%s: at most ${JS_BUDGET.islandPage / KB} KB of JavaScript gzip before interaction (static imports)`,
    (route) => {
      builtHtml(route);
      const { modules, total } = pageJs(clientDir, route);
      const largest = [...modules]
        .sort((a, b) => b.gzip - a.gzip)
        .map((m) => `${m.url} ${kb(m.gzip)}`)
        .join(', ');
      expect(
        total,
        `${route} loads ${kb(total)} of JavaScript gzip before interaction: ${largest}`,
      ).toBeLessThanOrEqual(JS_BUDGET.islandPage);
    },
  );

  test('hero video at most 1.5 MB (MP4 and WebM) with a WebP poster of at most 60 KB', () => {
    for (const name of ['hero.mp4', 'hero.webm', 'hero-poster.webp']) {
      const file = join(clientDir, 'video', name);
      expect(
        existsSync(file),
        `${relative(projectRoot, file)} is missing (public/video/${name} must be generated and committed)`,
      ).toBe(true);
    }
    for (const name of ['hero.mp4', 'hero.webm']) {
      const size = statSync(join(clientDir, 'video', name)).size;
      expect(size, `video/${name} is ${kb(size)}`).toBeLessThanOrEqual(BUDGET.heroVideo);
    }
    for (const name of readdirSync(join(clientDir, 'video')).filter(
      (n) => n.startsWith('hero-poster.') && !/\.(gz|br)$/.test(n),
    )) {
      const size = statSync(join(clientDir, 'video', name)).size;
      expect(size, `video/${name} is ${kb(size)}`).toBeLessThanOrEqual(BUDGET.poster);
    }
  });

  test('raster images are WebP or AVIF, except the og image, the apple-touch-icon and poster fallbacks', () => {
    // The og:image every page names (crawlers want PNG or JPEG), wherever it points.
    const allowed = new Set(['/apple-touch-icon.png']);
    for (const route of ALL_PAGES) {
      for (const content of attributeValues(builtHtml(route), /<meta\s[^>]*property="og:image"[^>]*>/g, 'content')) {
        allowed.add(new URL(content, 'http://site.invalid').pathname);
      }
    }
    const legacy = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => ['.png', '.jpg', '.jpeg', '.gif', '.bmp'].includes(extname(file).toLowerCase()))
      .map((file) => `/${file.split('\\').join('/')}`)
      .filter((path) => !allowed.has(path))
      // A poster's fallback sits next to its WebP twin: /video/hero-poster.jpg beside hero-poster.webp.
      .filter(
        (path) =>
          !(/-poster\.(png|jpe?g)$/.test(path) && existsSync(join(clientDir, path.replace(/\.(png|jpe?g)$/, '.webp')))),
      );
    expect(legacy, 'raster images in PNG/JPEG/GIF that should be WebP or AVIF').toEqual([]);
  });
});
