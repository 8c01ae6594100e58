/**
 * The performance budgets, computed from the built site (DIST_DIR or dist, the folder
 * the test server serves) and from what the browser loads before any interaction or scroll.
 * Measured once, in the desktop project (1280 × 800, device pixel ratio 1).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { gzipBytes, inlineScriptGzip, JS_BUDGET, pageJs } from '../../support/page-js';
import { REDIRECTS } from '../../src/redirects';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { blogRoutes } from './blog-pages';
import { expect, scrollThroughPage, test } from './fixtures';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist');
const client = join(distDir, 'client');

const blog = blogRoutes();
/**
 * Every public route, and the admin dashboard (static shell, its HTML and CSS count too): the listed
 * pages, and the articles and tag pages editors add (derived from content/articles).
 */
const ALL_PAGES = [...new Set([...PUBLIC_PAGES, ...blog.articles, ...blog.tags, '/admin'])];

/**
 * Pages whose island is the page's main content (careers, admin, an applicant's own page), so it
 * may load at once; the admin login form belongs to admin.
 */
const ISLAND_IS_THE_PAGE = new Set(['/career', '/admin', '/adminlogin', '/application']);

const KB = 1024;
const BUDGET = {
  html: 40 * KB,
  css: 20 * KB,
  heroVideo: 1.5 * KB * KB,
  poster: 60 * KB,
  /** An image may carry at most this many pixels per CSS pixel shown (2 = retina-ready, no more). */
  imageScale: 2,
};

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function htmlFile(route: string): string {
  return join(client, route, 'index.html');
}

function readHtml(route: string): string {
  const file = htmlFile(route);
  expect(
    existsSync(file),
    `${relative(projectRoot, file)} is missing: build the site first (npm run build), or the route is not generated`,
  ).toBe(true);
  return readFileSync(file, 'utf8');
}

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
function distFileFor(urlPath: string): string {
  return join(client, decodeURIComponent(urlPath));
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

// Budgets are measured once, in the desktop project.
test.describe('budgets computed from the build', { tag: '@once' }, () => {
  test('the public route list names every page of the build, so every page is measured', () => {
    const pages = readdirSync(client, { recursive: true, encoding: 'utf8' })
      .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
      .map((file) => `/${file.replace(/\/?index\.html$/, '')}`)
      .filter((route) => !(route in REDIRECTS) && !route.startsWith('/_astro'));
    expect(pages.sort()).toEqual([...ALL_PAGES].sort());
  });

  for (const route of ALL_PAGES) {
    test(`${route}: HTML at most 40 KB gzip, CSS at most 20 KB gzip`, () => {
      const html = readHtml(route);
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
  }

  for (const route of PUBLIC_PAGES.filter((page) => ISLAND_IS_THE_PAGE.has(page))) {
    test(`${route}: at most ${JS_BUDGET.islandPage / KB} KB of JavaScript gzip before interaction (static imports)`, () => {
      readHtml(route);
      const { modules, total } = pageJs(client, route);
      const largest = [...modules]
        .sort((a, b) => b.gzip - a.gzip)
        .map((m) => `${m.url} ${kb(m.gzip)}`)
        .join(', ');
      test.info().annotations.push({ type: 'JavaScript before interaction (gzip)', description: kb(total) });
      expect(
        total,
        `${route} loads ${kb(total)} of JavaScript gzip before interaction: ${largest}`,
      ).toBeLessThanOrEqual(JS_BUDGET.islandPage);
    });
  }

  test('hero video at most 1.5 MB (MP4 and WebM) with a WebP poster of at most 60 KB', () => {
    for (const name of ['hero.mp4', 'hero.webm', 'hero-poster.webp']) {
      const file = join(client, 'video', name);
      expect(
        existsSync(file),
        `${relative(projectRoot, file)} is missing (public/video/${name} must be generated and committed)`,
      ).toBe(true);
    }
    for (const name of ['hero.mp4', 'hero.webm']) {
      const size = statSync(join(client, 'video', name)).size;
      expect(size, `video/${name} is ${kb(size)}`).toBeLessThanOrEqual(BUDGET.heroVideo);
    }
    for (const name of readdirSync(join(client, 'video')).filter(
      (n) => n.startsWith('hero-poster.') && !/\.(gz|br)$/.test(n),
    )) {
      const size = statSync(join(client, 'video', name)).size;
      expect(size, `video/${name} is ${kb(size)}`).toBeLessThanOrEqual(BUDGET.poster);
    }
  });

  test('raster images are WebP or AVIF, except the og image, the apple-touch-icon and poster fallbacks', () => {
    expect(existsSync(client), `${relative(projectRoot, client)} is missing: build the site first`).toBe(true);
    // The og:image every page names (crawlers want PNG or JPEG), wherever it points.
    const allowed = new Set(['/apple-touch-icon.png']);
    for (const route of ALL_PAGES) {
      if (!existsSync(htmlFile(route))) continue;
      for (const content of attributeValues(
        readFileSync(htmlFile(route), 'utf8'),
        /<meta\s[^>]*property="og:image"[^>]*>/g,
        'content',
      )) {
        allowed.add(new URL(content, 'http://site.invalid').pathname);
      }
    }
    const legacy = [...filesUnder(client)]
      .filter((file) => ['.png', '.jpg', '.jpeg', '.gif', '.bmp'].includes(extname(file).toLowerCase()))
      .map((file) => `/${relative(client, file).split('\\').join('/')}`)
      .filter((path) => !allowed.has(path))
      // A poster's fallback sits next to its WebP twin: /video/hero-poster.jpg beside hero-poster.webp.
      .filter(
        (path) =>
          !(/-poster\.(png|jpe?g)$/.test(path) && existsSync(join(client, path.replace(/\.(png|jpe?g)$/, '.webp')))),
      );
    expect(legacy, 'raster images in PNG/JPEG/GIF that should be WebP or AVIF').toEqual([]);
  });
});

type Loaded = { url: URL; type: string };

/** Opens `route` and records every request the page makes, until the network has been quiet. */
async function openAndRecord(page: Page, route: string): Promise<Loaded[]> {
  const requests: Loaded[] = [];
  page.on('request', (request: Request) =>
    requests.push({ url: new URL(request.url()), type: request.resourceType() }),
  );
  const response = await page.goto(route, { waitUntil: 'load' });
  expect(response?.status(), `${route} answers 200`).toBe(200);
  // client:idle and client:load islands are allowed to load now: wait until Astro has hydrated them
  // (it drops their `ssr` attribute), then until their imports have arrived.
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island[ssr][client="idle"], astro-island[ssr][client="load"]').length === 0,
  );
  await page.waitForLoadState('networkidle');
  return requests;
}

type Island = { component: string; renderer: string; client: string; inViewport: boolean };

async function islandsOf(page: Page): Promise<Island[]> {
  return page.$$eval('astro-island', (elements) =>
    elements.map((el) => {
      const box = el.getBoundingClientRect();
      // An island with no box of its own (display: contents) is judged by its first child.
      const child = el.firstElementChild?.getBoundingClientRect();
      const top = box.height || !child ? box.top : child.top;
      return {
        component: el.getAttribute('component-url') ?? '',
        renderer: el.getAttribute('renderer-url') ?? '',
        client: el.getAttribute('client') ?? '',
        inViewport: top < window.innerHeight && top + Math.max(box.height, child?.height ?? 0) > 0,
      };
    }),
  );
}

/** JavaScript before any interaction: within budget, with island code and React only once visible or idle. */
async function checkScriptsBeforeInteraction(page: Page, route: string, requests: Loaded[]): Promise<void> {
  const origin = new URL(page.url()).origin;
  const scripts = requests.filter((r) => r.type === 'script' && r.url.origin === origin).map((r) => r.url.pathname);
  const islands = await islandsOf(page);

  if (islands.length === 0) {
    let jsGzip = inlineScriptGzip(readHtml(route));
    for (const path of new Set(scripts)) {
      const file = distFileFor(path);
      expect(existsSync(file), `${path} loaded by ${route} is not in the build`).toBe(true);
      jsGzip += gzipBytes(readFileSync(file));
    }
    test.info().annotations.push({
      type: 'JavaScript before interaction (gzip)',
      description: `${kb(jsGzip)}: ${scripts.join(', ')} + inline`,
    });
    expect(
      jsGzip,
      `${route} has no island and loads ${kb(jsGzip)} of JavaScript gzip (${scripts.join(', ')} + inline)`,
    ).toBeLessThanOrEqual(JS_BUDGET.withoutIsland);
    expect(
      scripts.filter((path) => /\/client\.[\w-]+\.js$|react/i.test(path)),
      `${route} has no island but loads React`,
    ).toEqual([]);
    return;
  }

  if (ISLAND_IS_THE_PAGE.has(route)) {
    expect(
      islands.some((i) => scripts.includes(i.component)),
      `${route}: its island (the page) loads at once`,
    ).toBe(true);
    return;
  }

  for (const island of islands) {
    expect(
      ['visible', 'idle'],
      `${route}: island ${island.component} hydrates with client:${island.client}; use client:visible or client:idle`,
    ).toContain(island.client);
  }
  // Islands below the fold must not have loaded their code or React yet.
  const later = islands.filter((i) => i.client === 'visible' && !i.inViewport);
  const eager = islands.filter((i) => i.client === 'idle' || i.inViewport);
  const needed = new Set(eager.flatMap((i) => [i.component, i.renderer]));
  const early = later
    .flatMap((i) => [i.component, i.renderer])
    .filter((url) => !needed.has(url) && scripts.includes(url));
  expect([...new Set(early)], `${route}: island code loaded before its island was visible`).toEqual([]);

  test.info().annotations.push({
    type: 'islands loaded once visible',
    description: later.map((i) => i.component).join(', ') || 'none below the fold',
  });
  // Scrolling each one into view then loads it: the islands are lazy, not missing.
  for (const island of later) {
    await page.locator(`astro-island[component-url="${island.component}"]`).first().scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          page.evaluate(
            (url) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === url),
            island.component,
          ),
        {
          message: `${route}: ${island.component} loads once its island is visible`,
        },
      )
      .toBe(true);
  }
}

/** After a scroll through the page: every <img> sized, modern and not oversized; no request off the origin. */
async function checkImagesAfterScroll(page: Page, route: string, requests: Loaded[]): Promise<void> {
  await scrollThroughPage(page);
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 10_000 })
    .catch(() => undefined);

  const origin = new URL(page.url()).origin;
  const foreign = requests
    .filter((r) => !['data:', 'blob:'].includes(r.url.protocol) && r.url.origin !== origin)
    .map((r) => r.url.href);
  expect(foreign, `${route} requests outside ${origin}`).toEqual([]);

  const images = await page.$$eval('img', (imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      return {
        src: img.currentSrc || img.src,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        naturalWidth: img.naturalWidth,
        naturalHeight: img.naturalHeight,
        shownWidth: box.width,
        shownHeight: box.height,
      };
    }),
  );
  const unsized = images.filter((img) => !img.width || !img.height).map((img) => img.src);
  expect(unsized, `${route}: <img> without width and height attributes`).toEqual([]);

  const allowedLegacy = /\/(apple-touch-icon\.png|images\/og-[\w-]+\.(png|jpe?g)|video\/[\w-]+-poster\.(png|jpe?g))$/;
  const legacyLoaded = requests
    .filter(
      (r) =>
        r.type === 'image' && /\.(png|jpe?g|gif|bmp)$/i.test(r.url.pathname) && !allowedLegacy.test(r.url.pathname),
    )
    .map((r) => r.url.pathname);
  expect(legacyLoaded, `${route}: raster images loaded in PNG/JPEG/GIF instead of WebP or AVIF`).toEqual([]);

  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const oversized = images
    .filter(
      (img) => !/\.svg(\?|$)/i.test(img.src) && img.naturalWidth > 0 && img.shownWidth >= 1 && img.shownHeight >= 1,
    )
    .map((img) => ({
      ...img,
      scale: Math.min(img.naturalWidth / img.shownWidth, img.naturalHeight / img.shownHeight) / dpr,
    }))
    .filter((img) => img.scale > BUDGET.imageScale)
    .map(
      (img) =>
        `${img.src}: ${img.naturalWidth}×${img.naturalHeight} shown at ${Math.round(img.shownWidth)}×${Math.round(img.shownHeight)}`,
    );
  expect(oversized, `${route}: images more than ${BUDGET.imageScale}× the size they are shown at`).toEqual([]);
}

test.describe('what the browser loads', { tag: '@once' }, () => {
  // Articles editors add are measured too (their tag pages are alike: /tags stands for them).
  for (const route of [...new Set([...PUBLIC_PAGES, ...blog.articles])]) {
    // One page load for both checks: the scripts are judged before the scroll the image check needs.
    test(`${route}: JavaScript within budget until islands are visible; sized, modern images from our origin only`, async ({
      page,
    }) => {
      const requests = await openAndRecord(page, route);
      await test.step('JavaScript before any interaction or scroll', () =>
        checkScriptsBeforeInteraction(page, route, requests));
      await test.step('images and origins after a scroll through the page', () =>
        checkImagesAfterScroll(page, route, requests));
    });
  }
});
