import { site } from '~/site';
import { expect, test } from './fixtures';

/** The pages each menu entry lists, by the pages' own titles, in the sidebar's order. */
const MENU_PAGES = {
  Platform: [
    ['Intelligent Pipeline Generator', '/iip'],
    ['Intelligent Edge ML Ops', '/iem'],
    ['Intelligent IoT SDK', '/iis'],
    ['Supported hardware', '/hardware'],
  ],
  Industries: [
    ['IoT Devices', '/iot'],
    ['Drones', '/drone'],
    ['Smart Vision', '/smart-vision'],
    ['Industrial & Logistics', '/industrials'],
    ['Robotics', '/robotics'],
    ['Automotive', '/automotive'],
  ],
} as const;

test.describe('header', () => {
  test('is at least 80 px tall and its logo returns to the top of the home page', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    expect((await header.boundingBox())?.height).toBeGreaterThanOrEqual(80);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: `${site.name} home` }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('the logo on another page goes to the home page', async ({ page }) => {
    await page.goto('/404');
    await page.getByRole('link', { name: `${site.name} home` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('agentic AI');
  });

  test('the menu lists the product pages under Platform and the industry pages under Industries', async ({
    page,
    isNarrow,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: isNarrow ? 'Toggle navigation' : 'Open menu' }).click();
    const menu = page.locator(isNarrow ? '#navbar-collapse' : '#site-menu');
    for (const [entry, pages] of Object.entries(MENU_PAGES)) {
      const item = menu.getByRole('listitem').filter({ has: page.getByRole('link', { name: entry, exact: true }) });
      const links = item.getByRole('list').getByRole('link');
      await expect(links).toHaveText(pages.map(([label]) => label));
      for (const [label, href] of pages) {
        await expect(links.filter({ hasText: label })).toHaveAttribute('href', href);
      }
    }
    await menu.getByRole('link', { name: 'Intelligent Edge ML Ops' }).click();
    await expect(page).toHaveURL(/\/iem$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test.describe('large screens', () => {
    test.skip(({ isNarrow }) => isNarrow, 'desktop navigation');

    test('shows Developer Portal in a new tab, Careers and Contact Us', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const portal = nav.getByRole('link', { name: /Developer Portal/ });
      await expect(portal).toHaveAttribute('href', site.developerPortalUrl);
      await expect(portal).toHaveAttribute('target', '_blank');
      await expect(portal).toHaveAttribute('rel', /noopener/);
      await expect(nav.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/career');
      await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
    });

    test('Contact Us scrolls to the contact section on the home page', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
      await expect(page.locator('#contact')).toBeInViewport();
      await expect(page).toHaveURL(/\/#contact$/);
    });

    test('Contact Us on another page goes to /#contact', async ({ page }) => {
      await page.goto('/404');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
      await expect(page).toHaveURL(/\/#contact$/);
      await expect(page.locator('#contact')).toBeInViewport();
    });

    test('the hamburger menu offers Blogs, Platform, Customer Offerings and Industries and closes on an outside click and Escape', async ({
      page,
    }) => {
      await page.goto('/');
      const button = page.getByRole('button', { name: 'Open menu' });
      await button.click();
      const menu = page.locator('#site-menu');
      await expect(menu).toBeVisible();
      for (const name of ['Blogs', 'Platform', 'Customer Offerings', 'Industries']) {
        await expect(menu.getByRole('link', { name })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await page.mouse.click(20, 400);
      await expect(menu).toBeHidden();

      await button.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('a menu entry leads to its section', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#site-menu').getByRole('link', { name: 'Industries' }).click();
      await expect(page.locator('#industries')).toBeInViewport();
    });
  });

  test.describe('narrow screens', () => {
    test.skip(({ isNarrow }) => !isNarrow, 'mobile navigation');

    test('the navbar collapses and expands with its toggler through the 300 ms animation', async ({ page }) => {
      await page.goto('/');
      const toggler = page.getByRole('button', { name: 'Toggle navigation' });
      const area = page.locator('#navbar-collapse');
      await expect(toggler).toHaveAttribute('aria-expanded', 'false');
      await expect(area).toHaveAttribute('data-state', 'collapsed');
      await expect(area).toBeHidden();

      // The 300 ms states are recorded in the page: polling from the test can miss a short one.
      await area.evaluate((el) => {
        const seen: string[] = [];
        (window as unknown as { navbarStates: string[] }).navbarStates = seen;
        new MutationObserver(() => seen.push(el.dataset['state'] ?? '')).observe(el, {
          attributeFilter: ['data-state'],
        });
      });
      const states = () =>
        page.evaluate(() => (window as unknown as { navbarStates: string[] }).navbarStates.join(' '));

      await toggler.click();
      await expect(toggler).toHaveAttribute('aria-expanded', 'true');
      await expect(area).toHaveAttribute('data-state', 'expanded');
      expect(await states()).toBe('expanding expanded');
      for (const name of ['Careers', 'Contact Us', 'Blogs', 'Platform', 'Customer Offerings', 'Industries']) {
        await expect(area.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(area.getByRole('link', { name: /Developer Portal/ })).toHaveAttribute('target', '_blank');

      await toggler.click();
      await expect(area).toHaveAttribute('data-state', 'collapsed');
      expect(await states()).toBe('expanding expanded collapsing collapsed');
      await expect(area).toBeHidden();
    });

    test('Contact Us in the collapsed menu scrolls to the form and closes the menu', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.locator('#navbar-collapse').getByRole('link', { name: 'Contact Us' }).click();
      await expect(page.locator('#contact')).toBeInViewport();
      await expect(page.locator('#navbar-collapse')).toHaveAttribute('data-state', 'collapsed');
    });
  });
});
