import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The five article routes, in blog order. */
const ARTICLES = ['/ipg', '/eip', '/edgeai', '/mlops', '/biis'] as const;

/** Text of every `<script type="module">` src on a page: the JavaScript it loads. */
async function moduleScripts(page: Page): Promise<string[]> {
  return page
    .locator('script[type="module"][src]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''));
}

test.describe('blog', () => {
  test.describe('list', () => {
    test('lists exactly the five posts with title, description, tags, theme and link, without pagination', async ({
      page,
    }) => {
      await page.goto('/blogs');
      await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();

      const posts = page.getByTestId('blog-post');
      await expect(posts).toHaveCount(5);
      const links: string[] = [];
      for (const post of await posts.all()) {
        const link = post.getByRole('heading', { level: 2 }).getByRole('link');
        await expect(link).toHaveText(/\S+ \S+ \S+/);
        links.push((await link.getAttribute('href')) ?? '');
        await expect(
          post
            .locator('p')
            .filter({ hasText: /\w+ \w+ \w+ \w+ \w+/ })
            .first(),
        ).toBeVisible();
        await expect(
          post
            .getByRole('group', { name: /^Tags for / })
            .getByRole('listitem')
            .first(),
        ).toBeVisible();
        await expect(post).toHaveAttribute('data-theme', /^(cyan|violet|emerald|amber|rose)$/);
      }
      expect(links).toEqual([...ARTICLES]);
      await expect(page.getByRole('link', { name: /next|older|page 2/i })).toHaveCount(0);
    });

    test(
      'every post link resolves to its article with the same heading',
      { tag: '@once' },
      async ({ page, request }) => {
        await page.goto('/blogs');
        const titles = await page.getByTestId('blog-post').getByRole('heading', { level: 2 }).allInnerTexts();
        for (const [i, path] of ARTICLES.entries()) {
          const response = await request.get(path);
          expect(response.status(), path).toBe(200);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[i] ?? 'missing title');
        }
      },
    );

    test('the Exit button goes to the home page', { tag: '@once' }, async ({ page }) => {
      await page.goto('/blogs');
      await page.getByRole('link', { name: 'Exit', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      expect(new URL(page.url()).pathname).toBe('/');
    });

    test('has no accessibility violations', async ({ page, axe }) => {
      await page.goto('/blogs');
      expect(await axe()).toEqual([]);
    });
  });

  test.describe('articles', () => {
    test('the IIS launch article has a dated byline with reading time', async ({ page }) => {
      await page.goto('/biis');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Intelligent IoT SDK');
      const byline = page.getByTestId('byline');
      await expect(byline).toContainText(/By .+Published 10 February 2026.+\d+ min read/s);
      await expect(byline.locator('time')).toHaveAttribute('datetime', '2026-02-10');
    });

    for (const path of ARTICLES) {
      test(
        `${path} carries parseable JSON-LD Article data that matches the page`,
        { tag: '@once' },
        async ({ page }) => {
          await page.goto(path);
          const raw = await page.locator('script[type="application/ld+json"]').textContent();
          const data = JSON.parse(raw ?? '') as Record<string, unknown>;
          expect(data['@context']).toBe('https://schema.org');
          expect(data['@type']).toBe('Article');
          expect(data['headline']).toBe(await page.getByRole('heading', { level: 1 }).innerText());
          expect(data['datePublished']).toBe(await page.getByTestId('byline').locator('time').getAttribute('datetime'));
          expect(new URL(String(data['url'])).pathname).toBe(path);
          expect(data['timeRequired']).toMatch(/^PT\d+M$/);
          // /ipg at least 1,500 words, the other articles at least 700.
          expect(data['wordCount']).toBeGreaterThanOrEqual(path === '/ipg' ? 1500 : 700);
          const minutes = Number(String(data['timeRequired']).slice(2, -1));
          await expect(page.getByTestId('byline')).toContainText(`${minutes} min read`);
        },
      );

      test(
        `${path} ends with a next step to the Early Access Program and loads no island JavaScript`,
        { tag: '@once' },
        async ({ page }) => {
          await page.goto(path);
          const invitation = page.getByRole('complementary', { name: 'Next step' });
          await expect(invitation).toHaveCount(1);
          await expect(invitation.getByRole('link')).toHaveAttribute(
            'href',
            /^\/\?subject=Early\+Access\+Program.*#contact$/,
          );
          await expect(page.locator('astro-island')).toHaveCount(0);

          // The layout's global script is what a page without islands (the 404 page) loads; nothing more
          // but the table of contents' few hundred bytes inline, which mark the section being read.
          const inlineScripts = () =>
            page
              .locator('script[type="module"]:not([src])')
              .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
          const articleScripts = await moduleScripts(page);
          const articleInline = await inlineScripts();
          await page.goto('/no-such-page-for-blog-test');
          const layoutScripts = await moduleScripts(page);
          const layoutInline = await inlineScripts();
          expect(articleScripts.filter((src) => !layoutScripts.includes(src))).toEqual([]);
          const own = articleInline.filter((script) => !layoutInline.includes(script));
          expect(own).toHaveLength(1);
          expect(own[0]).toContain('[data-toc]');
          expect(own[0]?.length).toBeLessThan(700);
        },
      );

      test(`${path} has no accessibility violations`, async ({ page, axe }) => {
        await page.goto(path);
        expect(await axe()).toEqual([]);
      });
    }

    test('together the articles carry the figures ', { tag: '@once' }, async ({ page }) => {
      let text = '';
      for (const path of ARTICLES) {
        await page.goto(path);
        text += await page.locator('main').innerText();
      }
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

    test(
      '/eip backs its pathway comparison with published figures, each with its method and source',
      { tag: '@once' },
      async ({ page }) => {
        await page.goto('/eip');
        const main = page.getByRole('main');
        await expect(main).not.toContainText('2x the baseline');
        const table = main.getByRole('table', { name: /Published inference figures/ });
        const rows = table.locator('tbody tr');
        expect(await rows.count()).toBeGreaterThan(2);
        for (const row of await rows.all()) {
          await expect(row.getByRole('link', { name: /^Source: / })).toHaveAttribute('href', /^https:\/\//);
        }
      },
    );

    test("articles name today's runtimes and accelerators", { tag: '@once' }, async ({ page }) => {
      await page.goto('/ipg');
      const main = page.getByRole('main');
      await expect(main).toContainText('LiteRT (formerly TensorFlow Lite)');
      await expect(main).toContainText('Jetson AGX Thor');
      await expect(main.getByRole('row', { name: /^FP8/ })).toContainText('Orin');
      await page.goto('/eip');
      await expect(page.getByRole('main')).toContainText('do not run inside nvinfer');
    });

    test('the effort split is drawn as a chart with a text equivalent', async ({ page }) => {
      await page.goto('/ipg');
      const chart = page.getByRole('img', { name: /Workflow effort split/ });
      await expect(chart).toBeVisible();
      const name = await chart.evaluate((svg) => svg.querySelector('desc')?.textContent ?? '');
      expect(name.match(/\d+%/g)).toEqual(['15%', '10%', '15%', '30%', '30%']);

      await page.getByText('Show the numbers as a table').click();
      const table = page.getByRole('table', { name: 'Workflow effort split by stage' });
      await expect(table).toBeVisible();
      const shares = await table.locator('tbody td:last-child').allInnerTexts();
      expect(shares).toEqual(['15%', '10%', '15%', '30%', '30%']);
    });

    test('every article image has alt text, width and height', { tag: '@once' }, async ({ page }) => {
      for (const path of ARTICLES) {
        await page.goto(path);
        for (const img of await page.locator('main img').all()) {
          const [alt, width, height] = await Promise.all(['alt', 'width', 'height'].map((a) => img.getAttribute(a)));
          expect(alt, `${path} ${await img.getAttribute('src')}`).not.toBeNull();
          expect(Number(width), `${path} width`).toBeGreaterThan(0);
          expect(Number(height), `${path} height`).toBeGreaterThan(0);
        }
      }
    });
  });

  test.describe('RSS feed', () => {
    test('/rss.xml is valid RSS 2.0 listing the five articles', { tag: '@once' }, async ({ page, request }) => {
      const response = await request.get('/rss.xml');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/xml/);
      const xml = await response.text();

      await page.goto('/blogs');
      const feed = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'application/xml');
        const error = doc.querySelector('parsererror')?.textContent ?? null;
        const rss = doc.documentElement;
        const items = [...doc.querySelectorAll('channel > item')].map((item) => ({
          title: item.querySelector('title')?.textContent ?? '',
          link: item.querySelector('link')?.textContent ?? '',
          guid: item.querySelector('guid')?.textContent ?? '',
          description: item.querySelector('description')?.textContent ?? '',
          pubDate: item.querySelector('pubDate')?.textContent ?? '',
        }));
        return {
          error,
          root: rss.nodeName,
          version: rss.getAttribute('version'),
          channelTitle: doc.querySelector('channel > title')?.textContent ?? '',
          channelLink: doc.querySelector('channel > link')?.textContent ?? '',
          items,
        };
      }, xml);

      expect(feed.error).toBeNull();
      expect(feed.root).toBe('rss');
      expect(feed.version).toBe('2.0');
      expect(feed.channelTitle).not.toBe('');
      expect(() => new URL(feed.channelLink)).not.toThrow();
      expect(feed.items).toHaveLength(5);
      expect(feed.items.map((item) => new URL(item.link).pathname).sort()).toEqual([...ARTICLES].sort());
      for (const item of feed.items) {
        expect(item.title.length).toBeGreaterThan(10);
        expect(item.description.length).toBeGreaterThan(20);
        expect(item.guid).toBe(item.link);
        expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
      }
    });
  });
});
