/** The site search: the index the build writes (dist/client/pagefind) and the header's search dialog. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { blogRoutes } from './blog-pages';
import { jobPath } from '../../src/lib/job-posting';
import { jobInput, uniqueTag } from './careers-helpers';
import { apiTest, collectPageProblems, expect, hydrate, test } from './fixtures';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const bundle = join(resolve(projectRoot, process.env['DIST_DIR'] ?? 'dist'), 'client', 'pagefind');

/** Every page in the index, read from Pagefind's fragments (gzip JSON, one per page, after a signature). */
function indexedPages(): string[] {
  return readdirSync(join(bundle, 'fragment')).map((name) => {
    const text = gunzipSync(readFileSync(join(bundle, 'fragment', name)))
      .toString('utf8')
      .replace(/^pagefind_dcd/, '');
    return (JSON.parse(text) as { url: string }).url.replace(/(.)\/$/, '$1');
  });
}

/** The articles whose text names `word`, from their MDX, so the test follows the content. */
function articlesNaming(word: string): string[] {
  const folder = join(projectRoot, 'content', 'articles');
  return readdirSync(folder)
    .filter((name) => readFileSync(join(folder, name), 'utf8').includes(word))
    .map((name) => `/${name.replace(/\.mdx$/, '')}`);
}

const searchButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Search' });
const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search the site' });
/** The result links (the status line above the list says how many). */
const results = (page: Page) => searchDialog(page).getByRole('listitem').getByRole('link');

async function search(page: Page, query: string): Promise<void> {
  await searchButton(page).click();
  await expect(searchDialog(page)).toBeVisible();
  await searchDialog(page).getByRole('searchbox').fill(query);
  await expect(searchDialog(page).getByRole('status')).toContainText(`for “${query}”`);
}

test.describe('site search', () => {
  test.describe('the index', { tag: '@once' }, () => {
    test('holds every public page but the home page, the login, the private pages and the tag lists, and nothing else (no redirect, draft, admin or 404)', () => {
      // Articles editors add are in it too (derived from content/articles, like the build does).
      const listed = PUBLIC_PAGES.filter(
        (route) =>
          route !== '/' &&
          route !== '/adminlogin' &&
          route !== '/application' &&
          !route.startsWith('/alerts/') &&
          route !== '/tags',
      );
      const expected = [...new Set([...listed, ...blogRoutes().articles])];
      expect(indexedPages().sort()).toEqual([...expected].sort());
    });

    test('is served with its content types: hashed index files cached for good, fixed names revalidated, never re-encoded', async ({
      request,
    }) => {
      const entry = (await (await request.get('/pagefind/pagefind-entry.json')).json()) as {
        languages: Record<string, { hash: string }>;
      };
      const { hash } = Object.values(entry.languages)[0] ?? { hash: '' };

      const script = await request.get('/pagefind/pagefind.js', { headers: { 'accept-encoding': 'br' } });
      expect(script.status()).toBe(200);
      expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers()['content-encoding']).toBe('br');
      expect(script.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');

      const meta = await request.get(`/pagefind/pagefind.${hash}.pf_meta`, {
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(meta.status()).toBe(200);
      expect(meta.headers()['content-type']).toBe('application/octet-stream');
      expect(meta.headers()['content-encoding']).toBeUndefined();
      expect(meta.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

      const wasm = await request.get('/pagefind/wasm.en.pagefind');
      expect(wasm.status()).toBe(200);
      expect(wasm.headers()['content-type']).toBe('application/octet-stream');
      expect(wasm.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    });
  });

  test('loads nothing of the search before the dialog opens', { tag: '@once' }, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/hardware');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => /pagefind|search-dialog/.test(path))).toEqual([]);

    await search(page, 'Jetson');
    expect(requested).toContain('/pagefind/pagefind.js');
    expect(requested.some((path) => /\/_astro\/search-dialog[.-][\w-]+\.js$/.test(path))).toBe(true);
  });

  test('“Jetson” lists the hardware page and every article that names it, with the section and the match marked', async ({
    page,
  }) => {
    await page.goto('/iip');
    await search(page, 'Jetson');
    const hardware = results(page).filter({ hasText: 'Supported hardware' });
    await expect(hardware).toHaveAttribute('href', /^\/hardware(#|$)/);
    await expect(hardware).toContainText('Parts the generated code runs on', { ignoreCase: true });
    await expect(hardware.locator('mark').first()).toHaveText(/jetson/i);

    const hrefs = await results(page).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const articles = articlesNaming('Jetson');
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles)
      expect(
        hrefs.some((href) => href.split('#')[0] === article),
        article,
      ).toBe(true);
  });

  for (const [what, query] of [
    ['name', 'QCS6490'],
    ['vendor', 'STMicroelectronics'],
    ['runtime', 'HailoRT'],
  ] as const) {
    test(`finds a supported part by its ${what} (“${query}”)`, { tag: '@once' }, async ({ page }) => {
      await page.goto('/about');
      await search(page, query);
      // Other pages show the hardware table too; the hardware page itself must be among the results.
      const hardwarePage = results(page).and(page.locator('[href^="/hardware"]'));
      await expect(hardwarePage).toContainText('Supported hardware');
    });
  }

  test(
    'US and UK spellings find the same pages (“quantization” and “quantisation”)',
    { tag: '@once' },
    async ({ page }) => {
      await page.goto('/blogs');
      const found: string[][] = [];
      for (const query of ['quantisation', 'quantization']) {
        if (query === 'quantisation') await search(page, query);
        else {
          await searchDialog(page).getByRole('searchbox').fill(query);
          await expect(searchDialog(page).getByRole('status')).toContainText(`for “${query}”`);
        }
        const hrefs = await results(page).evaluateAll((links) =>
          links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
        );
        found.push(hrefs.sort());
      }
      expect(found[0]?.length).toBeGreaterThan(0);
      expect(found[1]).toEqual(found[0]);
    },
  );

  test('a query one letter off (“jetsn”) offers the word the site uses, and taking it searches for it', async ({
    page,
  }) => {
    await page.goto('/blogs');
    await search(page, 'jetsn');
    const offer = searchDialog(page).getByRole('button', { name: 'jetson' });
    await expect(searchDialog(page).getByRole('status')).toContainText('Did you mean jetson?');
    await offer.click();
    await expect(searchDialog(page).getByRole('searchbox')).toHaveValue('jetson');
    await expect(searchDialog(page).getByRole('status')).toContainText('for “jetson”');
    await expect(results(page).filter({ hasText: 'Supported hardware' })).toHaveCount(1);
  });

  test('the index keeps table cells apart, so excerpts read “Aspect · GStreamer pathway”', { tag: '@once' }, () => {
    const contents = readdirSync(join(bundle, 'fragment')).map((name) =>
      gunzipSync(readFileSync(join(bundle, 'fragment', name))).toString('utf8'),
    );
    expect(contents.some((text) => text.includes('Aspect · GStreamer pathway · DeepStream pathway'))).toBe(true);
    expect(contents.some((text) => text.includes('AspectGStreamer'))).toBe(false);
  });

  apiTest(
    'an open vacancy is found by the words of its title, listed first, and opens its page',
    { tag: '@once' },
    async ({ page, createJob }, testInfo) => {
      const tag = uniqueTag(testInfo);
      const job = await createJob(jobInput(tag));
      await page.goto('/blogs');
      await search(page, `firmware eng ${tag}`);
      const first = results(page).first();
      await expect(first).toContainText(job.title);
      await expect(first).toContainText(`Open vacancy${job.department} · Bengaluru, India · Full-time`);
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${jobPath(job)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
    },
  );

  test('“zzzz” says there is nothing and points to the contact form', async ({ page }) => {
    await page.goto('/blogs');
    await search(page, 'zzzz');
    await expect(searchDialog(page).getByRole('status')).toHaveText('No results for “zzzz”.');
    await expect(results(page)).toHaveCount(0);
    await expect(searchDialog(page).getByRole('link', { name: /contact form/ })).toHaveAttribute('href', '/#contact');
  });

  test('a click beside the dialog closes it and gives focus back to the search button', async ({ page }) => {
    await page.goto('/robotics');
    await search(page, 'zzzz');
    await page.mouse.click(5, 5);
    await expect(searchDialog(page)).toBeHidden();
    await expect(searchButton(page)).toBeFocused();
  });

  test('clicking a result opens its page', async ({ page }) => {
    await page.goto('/privacy');
    await search(page, 'Jetson');
    await results(page).filter({ hasText: 'Supported hardware' }).click();
    await expect(page).toHaveURL(/\/hardware(#[\w-]+)?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supported hardware');
    await expect(searchDialog(page)).toBeHidden();
  });

  test.describe('keyboard', () => {
    test('“/” opens the search, arrows walk the results and Enter opens the chosen one', async ({ page }) => {
      await page.goto('/design');
      await page.keyboard.press('/');
      const field = searchDialog(page).getByRole('searchbox');
      await expect(field).toBeFocused();
      await page.keyboard.type('Jetson');
      await expect(searchDialog(page).getByRole('status')).toContainText('for “Jetson”');

      await page.keyboard.press('ArrowDown');
      await expect(results(page).nth(0)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(results(page).nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await expect(field).toBeFocused();

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const chosen = (await results(page).nth(1).getAttribute('href')) ?? '';
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new URL(chosen, page.url()).href);
    });

    test('Enter in the field opens the first result', async ({ page }) => {
      await page.goto('/terms');
      await search(page, 'HailoRT');
      const first = (await results(page).first().getAttribute('href')) ?? '';
      await searchDialog(page).getByRole('searchbox').press('Enter');
      await expect(page).toHaveURL(new URL(first, page.url()).href);
    });

    test('Escape closes the search and gives focus back to the search button', async ({ page }) => {
      await page.goto('/security');
      await page.keyboard.press('/');
      await expect(searchDialog(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toBeHidden();
      await expect(searchButton(page)).toBeFocused();
    });

    test('one Escape closes the search after typing and gives focus back to the search button', async ({ page }) => {
      await page.goto('/security');
      await searchButton(page).click();
      await page.keyboard.type('Jetson');
      await expect(searchDialog(page).getByRole('status')).toContainText('for “Jetson”');
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toBeHidden();
      await expect(searchButton(page)).toBeFocused();
    });

    test('“/” typed in a form field is text, not the shortcut', { tag: '@once' }, async ({ page }) => {
      await page.goto('/#contact');
      await hydrate(page, 'form[aria-label="Contact us"]');
      const field = page.getByLabel('Message');
      await field.press('/');
      await expect(field).toHaveValue('/');
      await expect(searchDialog(page)).toBeHidden();
    });
  });

  test('has no accessibility violations with results and with none', async ({ page, axe }) => {
    await page.goto('/edgeai');
    await search(page, 'Jetson');
    await expect(results(page).first()).toBeVisible();
    expect(await axe()).toEqual([]);
    await searchDialog(page).getByRole('searchbox').fill('zzzz');
    await expect(searchDialog(page).getByRole('status')).toHaveText('No results for “zzzz”.');
    expect(await axe()).toEqual([]);
  });

  test('searching breaks no rule of the content security policy', { tag: '@once' }, async ({ page }) => {
    const problems = await collectPageProblems(page);
    const response = await page.goto('/methodology');
    const html = (await response?.text()) ?? '';
    // Pagefind runs its WebAssembly in its worker, so the pages' policy allows no eval of any kind.
    expect(/<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1]).not.toMatch(
      /unsafe-inline|unsafe-eval/,
    );
    await search(page, 'Jetson');
    await expect(results(page).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
