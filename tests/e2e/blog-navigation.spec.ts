/**
 * Finding one's way through the blog: the table of contents beside (or above) the text with the
 * section being read marked, tag pages and the tag index, related articles, previous and next, and
 * the next step that ends the blog pages.
 */
import { tagSlug } from '../../src/lib/articles';
import { articleFrontmatter, blogRoutes } from './blog-pages';
import { expect, test } from './fixtures';

/** Published articles from the oldest to the newest. */
const chronological = articleFrontmatter()
  .filter(({ id }) => blogRoutes().articles.includes(`/${id}`))
  .sort((a, b) => new Date(a.data.pubDate).getTime() - new Date(b.data.pubDate).getTime());

test.describe('table of contents', () => {
  test('lists the sections of a long article beside the text and marks the one being read', async ({
    page,
    isNarrow,
  }) => {
    test.skip(isNarrow, 'the phone layout has the collapsible list');
    await page.goto('/ipg');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toBeVisible();
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const href of await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''))) {
      await expect(page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`), href).toHaveCount(1);
    }
    // Beside the text, and still there after scrolling a long way.
    const box = await toc.boundingBox();
    const body = await page.locator('.article-body').boundingBox();
    expect(box && body && box.x > body.x + body.width).toBe(true);

    const target = toc.getByRole('link', { name: 'Humans stay in the loop' });
    await target.click();
    await expect(page).toHaveURL(/#humans-stay-in-the-loop$/);
    await expect(target).toHaveAttribute('aria-current', 'location');
    await expect(toc).toBeInViewport();
    await expect(toc.locator('[aria-current]')).toHaveCount(1);
  });

  test('is a closed list above the text on a phone, opened with one tap', async ({ page, isNarrow }) => {
    test.skip(!isNarrow, 'wide screens show the list beside the text');
    await page.goto('/eip');
    const summary = page.locator('details summary', { hasText: 'On this page' });
    await expect(summary).toBeVisible();
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc).toBeHidden();
    await summary.click();
    await expect(toc).toBeVisible();
    await toc.getByRole('link', { name: 'Choosing a pathway' }).click();
    await expect(page).toHaveURL(/#choosing-a-pathway$/);
    await expect(page.getByRole('heading', { name: 'Choosing a pathway' })).toBeInViewport();
  });
});

test.describe('tags', () => {
  test("an article's tags lead to their pages, which list the article", async ({ page }) => {
    await page.goto('/eip');
    const tags = page.getByRole('group', { name: 'Tags' }).first().getByRole('link');
    expect(await tags.count()).toBeGreaterThan(0);
    await tags.first().click();
    await expect(page).toHaveURL(/\/tags\/pipeline-generator$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pipeline generator');
    const listed = page.getByRole('group', { name: 'Articles tagged Pipeline generator' });
    await expect(listed.getByRole('link', { name: /enhanced pipeline generator/i })).toHaveAttribute('href', '/eip');
    await expect(page.getByRole('complementary', { name: 'Next step' })).toBeVisible();
  });

  test('the tag index names every tag once with its number of articles', { tag: '@once' }, async ({ page }) => {
    await page.goto('/tags');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topics');
    const hrefs = await page
      .getByTestId('tag-index')
      .getByRole('link')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
    expect([...hrefs].sort()).toEqual([...blogRoutes().tags].sort());
    const counted = chronological.filter(({ data }) => data.tags.some((tag) => tagSlug(tag) === 'edge-ai')).length;
    await expect(page.getByRole('link', { name: /^Edge AI/ })).toContainText(`(${counted} article`);
  });

  for (const path of ['/tags', '/tags/edge-ai']) {
    test(`${path} has no accessibility violations`, async ({ page, axe }) => {
      await page.goto(path);
      expect(await axe()).toEqual([]);
    });
  }
});

test.describe('after the article', () => {
  test('two or three related articles: most shared tags first, then the newest', { tag: '@once' }, async ({ page }) => {
    const date = (href: string) =>
      new Date(chronological.find(({ id }) => `/${id}` === href)?.data.pubDate ?? 0).getTime();
    for (const { id, data } of chronological) {
      await page.goto(`/${id}`);
      const hrefs = await page
        .getByTestId('related')
        .getByRole('link')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
      expect(hrefs.length, id).toBeGreaterThanOrEqual(Math.min(2, chronological.length - 1));
      expect(hrefs.length, id).toBeLessThanOrEqual(3);
      expect(hrefs, id).not.toContain(`/${id}`);
      const own = new Set(data.tags.map(tagSlug));
      const shared = (href: string) =>
        chronological.find((other) => `/${other.id}` === href)?.data.tags.filter((tag) => own.has(tagSlug(tag)))
          .length ?? 0;
      const order = hrefs.map((href) => ({ href, shared: shared(href), date: date(href) }));
      const expected = [...order].sort((a, b) => b.shared - a.shared || b.date - a.date);
      expect(order, id).toEqual(expected);
      const anyShares = chronological.some((other) => other.id !== id && shared(`/${other.id}`) > 0);
      if (anyShares) expect(order[0]?.shared, `${id}: an article sharing a tag comes first`).toBeGreaterThan(0);
    }
  });

  test('previous and next lead to the articles published before and after', { tag: '@once' }, async ({ page }) => {
    for (const [index, { id }] of chronological.entries()) {
      await page.goto(`/${id}`);
      const nav = page.getByRole('navigation', { name: 'Previous and next articles' });
      const previous = chronological[index - 1];
      const next = chronological[index + 1];
      await expect(nav.getByRole('link', { name: /Previous article/ })).toHaveCount(previous ? 1 : 0);
      await expect(nav.getByRole('link', { name: /Next article/ })).toHaveCount(next ? 1 : 0);
      if (previous)
        await expect(nav.getByRole('link', { name: /Previous article/ })).toHaveAttribute('href', `/${previous.id}`);
      if (next) await expect(nav.getByRole('link', { name: /Next article/ })).toHaveAttribute('href', `/${next.id}`);
    }
  });

  test('the blog list ends with a next step and leads to the topics', { tag: '@once' }, async ({ page }) => {
    await page.goto('/blogs');
    const step = page.getByRole('complementary', { name: 'Next step' });
    await expect(step.getByRole('link', { name: 'Apply for early access' })).toHaveAttribute(
      'href',
      /^\/\?subject=Early\+Access\+Program.*#contact$/,
    );
    // Nothing but the footer after it.
    const isLast = await step.evaluate((node) => {
      const main = node.closest('main');
      const all = main ? [...main.querySelectorAll('a, p, h2, h3')] : [];
      return all.filter(
        (el) => !node.contains(el) && node.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).length;
    });
    expect(isLast).toBe(0);
    await page.getByRole('link', { name: 'by topic' }).click();
    await expect(page).toHaveURL(/\/tags$/);
  });
});
