import { expect, test } from './fixtures';

/** Every public route: the Content-Security-Policy holds and nothing logs an error. */
const ROUTES = [
  '/', '/iip', '/iem', '/iis', '/design', '/iot', '/drone', '/smart-vision', '/industrials', '/robotics',
  '/blogs', '/biis', '/eip', '/mlops', '/ipg', '/edgeai', '/career', '/adminlogin',
];

test.describe('content security policy', () => {
  test.skip(({ isNarrow }) => isNarrow, 'one width is enough: the policy does not depend on it');

  test('the server sends frame-ancestors, object-src and base-uri, and pages carry hashed scripts', async ({ request }) => {
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

  for (const route of ROUTES) {
    test(`${route} has no policy violation and no console error`, async ({ page }) => {
      const problems: string[] = [];
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(route);
      // Scroll through the page so every client:visible island hydrates.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      });
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }
});
