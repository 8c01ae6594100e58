/**
 * The performance budgets of what the browser loads before any interaction or scroll, and of the
 * images once scrolled to; the budgets read from the built files are in tests/site/budgets.test.ts.
 * Measured once, in the desktop project (1280 × 800, device pixel ratio 1).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { gzipBytes, inlineScriptGzip, JS_BUDGET } from '../../support/page-js';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { BUDGET, ISLAND_IS_THE_PAGE, kb } from '../helpers/budgets';
import { builtHtml, clientDir } from '../site/built-site';
import { blogRoutes } from './blog-pages';
import { expect, revealWholePage, test } from './fixtures';

/** The file in dist/client that a same-origin URL path is served from. */
const distFileFor = (urlPath: string) => join(clientDir, decodeURIComponent(urlPath));

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
    let jsGzip = inlineScriptGzip(builtHtml(route));
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

/** With the whole page shown: every <img> sized, modern and not oversized; no request off the origin. */
async function checkImagesOfWholePage(page: Page, route: string, requests: Loaded[]): Promise<void> {
  await revealWholePage(page);
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
  for (const route of [...new Set([...PUBLIC_PAGES, ...blogRoutes().articles])]) {
    // One page load for both checks: the scripts are judged before the scroll the image check needs.
    test(`${route}: JavaScript within budget until islands are visible; sized, modern images from our origin only`, async ({
      page,
    }) => {
      const requests = await openAndRecord(page, route);
      await test.step('JavaScript before any interaction or scroll', () =>
        checkScriptsBeforeInteraction(page, route, requests));
      await test.step('images and origins with the whole page shown', () =>
        checkImagesOfWholePage(page, route, requests));
    });
  }
});
