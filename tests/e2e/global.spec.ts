import { expect, test } from './fixtures';

test.describe('global behaviour', () => {
  test("the page gets its 'scrolled' state only past 50 px", async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(page.locator('body')).not.toHaveClass(/scrolled/);
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(page.locator('body')).toHaveClass(/scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('body')).not.toHaveClass(/scrolled/);
  });

  test('unknown paths answer 404 with Page not found', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('/login, a dead end in the old site, leads to the admin login', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/adminlogin\/?$/);
  });

  test(
    'the login form and the careers board hydrate even when the browser never reports idle',
    { tag: '@once' },
    async ({ page }) => {
      // A browser with no idle time at all: idle callbacks run only once their timeout expires.
      await page.addInitScript(() => {
        window.requestIdleCallback = (callback, options) =>
          options?.timeout === undefined
            ? 0
            : window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
      });
      await page.goto('/adminlogin');
      await expect(page.getByLabel('Email')).toBeEnabled();
      await page.goto('/career');
      await expect(page.locator('astro-island[client="idle"]')).toHaveCount(1);
      await expect(page.locator('astro-island[client="idle"]')).not.toHaveAttribute('ssr');
    },
  );

  test('a skip link moves keyboard users to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test.describe('custom cursor', () => {
    test.skip(({ isNarrow }) => isNarrow, 'touch screens have no cursor');

    test('the dot and the ring are on the pointer at once, without blocking clicks', async ({ page }) => {
      await page.goto('/');
      await page.mouse.move(100, 100);
      await page.mouse.move(600, 400, { steps: 2 });
      const dot = page.locator('.cursor-dot');
      const ring = page.locator('.cursor-ring');
      await expect(dot).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 600, 400)');
      await expect(dot).toHaveCSS('pointer-events', 'none');
      await expect(ring).toHaveCSS('pointer-events', 'none');
      await expect(dot).toHaveAttribute('aria-hidden', 'true');
      // No lag: the ring is where the pointer is, from the same move.
      expect(await ring.evaluate((element) => getComputedStyle(element).transform)).toBe(
        'matrix(1, 0, 0, 1, 600, 400)',
      );
      await page.mouse.click(600, 400);
    });

    test('is not drawn when the visitor prefers reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await page.mouse.move(300, 300);
      await expect(page.locator('.cursor-dot')).toHaveCount(0);
    });
  });

  test('touch screens get no custom cursor', async ({ page, isNarrow }) => {
    test.skip(!isNarrow, 'mobile project only');
    await page.goto('/');
    await expect(page.locator('.cursor-ring')).toHaveCount(0);
  });
});
