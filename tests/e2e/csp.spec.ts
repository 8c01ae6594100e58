import { PUBLIC_PAGES } from '../../src/public-pages';
import { collectPageProblems, expect, revealWholePage, test } from './fixtures';

// One width is enough: the policy does not depend on it.
test.describe('content security policy', { tag: '@once' }, () => {
  test('the server sends frame-ancestors, object-src and base-uri, and pages carry hashed scripts', async ({
    request,
  }) => {
    const response = await request.get('/');
    const header = response.headers()['content-security-policy'] ?? '';
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).toContain("object-src 'none'");
    expect(header).toContain("base-uri 'self'");
    const html = await response.text();
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(meta).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
    expect(meta).not.toContain('unsafe-inline');
  });

  for (const route of PUBLIC_PAGES) {
    test(`${route} has no policy violation and no console error`, async ({ page }) => {
      const problems = await collectPageProblems(page);
      await page.goto(route);
      await revealWholePage(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }
});
