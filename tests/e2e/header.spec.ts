import type { Locator } from '@playwright/test';
import { site } from '~/site';
import { expect, test } from './fixtures';

/** What each header menu lists: the pages by their own titles, in the sidebar's order, then the rest. */
const MENU_PAGES = {
  Products: [
    ['Intelligent Pipeline Generator', '/iip'],
    ['Intelligent Edge ML Ops', '/iem'],
    ['Intelligent IoT SDK', '/iis'],
    ['Supported hardware', '/hardware'],
    ['Product design', '/design'],
    ['Developer Portal (opens in a new tab)', site.developerPortalUrl],
  ],
  Industries: [
    ['IoT Devices', '/iot'],
    ['Drones', '/drone'],
    ['Smart Vision', '/smart-vision'],
    ['Industrial & Logistics', '/industrials'],
    ['Robotics', '/robotics'],
    ['Automotive', '/automotive'],
  ],
  Company: [
    ['About us', '/about'],
    ['Security', '/security'],
    ['How we measure', '/methodology'],
    ['Careers', '/career'],
  ],
} as const;

/** The button of the header menu `name` (the summary of its disclosure) inside `nav`. */
const menuButton = (nav: Locator, name: string) => nav.locator('summary').filter({ hasText: new RegExp(`^${name}$`) });
/** The links of the header menu `name` inside `nav`. */
const menuLinks = (nav: Locator, name: string) =>
  nav
    .locator('details')
    .filter({
      has: nav
        .page()
        .locator('summary')
        .filter({ hasText: new RegExp(`^${name}$`) }),
    })
    .getByRole('link');

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

  test('the Products, Industries and Company menus list their pages, and a page opens from them', async ({
    page,
    isNarrow,
  }) => {
    await page.goto('/');
    if (isNarrow) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const nav = page.getByRole('navigation', { name: isNarrow ? 'Mobile' : 'Main' });
    for (const [menu, pages] of Object.entries(MENU_PAGES)) {
      const button = menuButton(nav, menu);
      await button.click();
      const links = menuLinks(nav, menu);
      await expect(links).toHaveText(pages.map(([label]) => label));
      for (const [label, href] of pages) {
        await expect(links.filter({ hasText: label })).toHaveAttribute('href', href);
      }
      await button.click();
      await expect(links.first()).toBeHidden();
    }
    await menuButton(nav, 'Products').click();
    await nav.getByRole('link', { name: 'Intelligent Edge ML Ops' }).click();
    await expect(page).toHaveURL(/\/iem$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Intelligent Edge ML Ops');
  });

  test.describe('large screens', () => {
    test.skip(({ isNarrow }) => isNarrow, 'desktop navigation');

    test('shows Blog, Contact Us and Early access beside the menus, and Early access opens the programme page', async ({
      page,
    }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const menu of Object.keys(MENU_PAGES)) await expect(menuButton(nav, menu)).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('href', '/blogs');
      await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
      await nav.getByRole('link', { name: 'Early access' }).click();
      await expect(page).toHaveURL(/\/early-access$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Early Access Program');
    });

    test('a menu opens with Enter, Space or ArrowDown, the arrows move through it, and Escape closes it onto its button', async ({
      page,
    }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const products = menuButton(nav, 'Products');
      const first = nav.getByRole('link', { name: 'Intelligent Pipeline Generator' });
      await products.focus();
      await page.keyboard.press('Enter');
      await expect(first).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(first).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(nav.getByRole('link', { name: 'Intelligent Edge ML Ops' })).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(first).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(nav.getByRole('link', { name: /Developer Portal/ })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(first).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(first).toBeHidden();
      await expect(products).toBeFocused();

      await page.keyboard.press('Space');
      await expect(first).toBeVisible();
      await page.keyboard.press('Space');
      await expect(first).toBeHidden();
      await page.keyboard.press('ArrowDown');
      await expect(first).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/iip$/);
    });

    test('one menu is open at a time, and a click elsewhere closes it', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await menuButton(nav, 'Industries').click();
      await expect(nav.getByRole('link', { name: 'Drones' })).toBeVisible();
      await menuButton(nav, 'Company').click();
      await expect(nav.getByRole('link', { name: 'Drones' })).toBeHidden();
      await expect(nav.getByRole('link', { name: 'Security' })).toBeVisible();
      await page.mouse.click(20, 400);
      await expect(nav.getByRole('link', { name: 'Security' })).toBeHidden();
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
      for (const name of ['Apply for early access', 'Blog', 'Contact Us']) {
        await expect(area.getByRole('link', { name, exact: true })).toBeVisible();
      }
      for (const menu of Object.keys(MENU_PAGES)) await expect(menuButton(area, menu)).toBeVisible();

      await toggler.click();
      await expect(area).toHaveAttribute('data-state', 'collapsed');
      expect(await states()).toBe('expanding expanded collapsing collapsed');
      await expect(area).toBeHidden();
    });

    test('the menu opens on Apply for early access, which leads to the programme page', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      const apply = nav.getByRole('link', { name: 'Apply for early access' });
      await expect(apply).toBeInViewport();
      await menuButton(nav, 'Industries').click();
      await expect(nav.getByRole('link', { name: 'Automotive' })).toBeInViewport();
      await apply.click();
      await expect(page).toHaveURL(/\/early-access$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Early Access Program');
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
