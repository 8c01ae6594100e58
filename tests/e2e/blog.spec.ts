/*
 * The blog in a browser: what needs one (navigation, the chart's table). The list, bylines,
 * structured data, figures, images and the feed's contents are checked on the built HTML in
 * tests/site/blog.test.ts; axe on the list and every article in tests/e2e/axe.spec.ts.
 */
import { expect, test } from './fixtures';

test.describe('blog', () => {
  test.describe('articles', () => {
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
