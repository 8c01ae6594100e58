/*
 * The blog in a browser: what needs one (navigation, the chart's table, axe). The list, bylines,
 * structured data, figures, images and the feed's contents are checked on the built HTML in
 * tests/site/blog.test.ts.
 */
import { expect, test } from './fixtures';

test.describe('blog', () => {
  test.describe('list', () => {
    test('has no accessibility violations', async ({ page, axe }) => {
      await page.goto('/blogs');
      expect(await axe()).toEqual([]);
    });
  });

  test.describe('articles', () => {
    // Once for the article layout, on the article with the most in it (a chart, tables, figures).
    test('an article has no accessibility violations', async ({ page, axe }) => {
      await page.goto('/ipg');
      expect(await axe()).toEqual([]);
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
  });

  test('/rss.xml is served as XML', { tag: '@once' }, async ({ request }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
  });
});
