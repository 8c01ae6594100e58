import type { Locator, Page } from '@playwright/test';
import { headerLinks, site } from '~/site';
import { expect, test } from './fixtures';

/** What each header menu lists: the pages by their own titles, in the sidebar's order, then the rest. */
const MENU_PAGES = {
  Products: [
    ['Intelligent Pipeline Generator', '/iip'],
    ['Intelligent Edge ML Ops', '/iem'],
    ['Intelligent IoT SDK', '/iis'],
    ['Supported hardware', '/hardware'],
    ['Works with vendor tools', '/works-with'],
    ['Release notes', '/changelog'],
    ['Product design', '/design'],
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
    ['Blog', '/blogs'],
  ],
} as const;

/** The links beside the menus, on every screen: an external one says so in its name. */
const TOP_LINKS = headerLinks.map((link) => [
  link.external ? `${link.label} (opens in a new tab)` : link.label,
  link.href,
]) as [string, string][];

/** The summary of the header menu `name` (its button) among `scope`'s; Astro keeps a space around its text. */
const summaryNamed = (scope: Locator | Page, name: string) =>
  scope.locator('summary').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) });
/** The button of the header menu `name` (the summary of its disclosure) inside `nav`. */
const menuButton = (nav: Locator, name: string) => summaryNamed(nav, name);
/** The links of the header menu `name` inside `nav`. */
const menuLinks = (nav: Locator, name: string) =>
  nav
    .locator('details')
    .filter({ has: summaryNamed(nav.page(), name) })
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

    test('shows Developer Portal, Careers, Contact Us and Early access beside the menus, and Early access opens the programme page', async ({
      page,
    }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const menu of Object.keys(MENU_PAGES)) await expect(menuButton(nav, menu)).toBeVisible();
      for (const [name, href] of TOP_LINKS) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      const portal = nav.getByRole('link', { name: /^Developer Portal/ });
      if (site.developerPortalUrl) await expect(portal).toHaveAttribute('target', '_blank');
      else await expect(portal).not.toHaveAttribute('target', /./);
      await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
      await nav.getByRole('link', { name: 'Early access' }).click();
      await expect(page).toHaveURL(/\/early-access$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Early Access Program');
    });

    for (const theme of ['light', 'dark'] as const) {
      test(`in the ${theme} theme, the bar fits on one line from 992 to 1440 px: nothing wraps, overlaps, squeezes or scrolls`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme: theme });
        // 992 px is where the bar replaces the toggler; 1200 px where the full logo returns.
        for (const width of [992, 1024, 1200, 1280, 1440]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/');
          const layout = await page.locator('#site-header > div').evaluate((bar) => {
            const controls = [...bar.querySelectorAll('a, summary, button')].filter(
              (el) => el.getClientRects().length > 0 && !el.closest('details > ul'),
            );
            const boxes = controls.map((el) => el.getBoundingClientRect());
            const sorted = [...boxes].sort((a, b) => a.left - b.left);
            const middles = boxes.map((b) => b.top + b.height / 2);
            return {
              page: document.documentElement.scrollWidth - window.innerWidth,
              // One line: every control's middle within 2 px of the others'.
              middles: Math.round(Math.max(...middles) - Math.min(...middles)) <= 2,
              overlaps: sorted.filter((box, i) => i > 0 && box.left < (sorted[i - 1] as DOMRect).right - 0.5).length,
              beyond: boxes.filter((b) => b.right > window.innerWidth).length,
              // A control squeezed narrower than its text, or an icon (a menu's chevron) squeezed out.
              squeezed:
                controls.filter((el) => el.scrollWidth > el.clientWidth + 1).length +
                [...bar.querySelectorAll('nav svg')].filter((svg) => svg.getBoundingClientRect().width < 10).length,
              height: bar.getBoundingClientRect().height,
            };
          });
          expect(layout, `${width} px`).toEqual({
            page: 0,
            middles: true,
            overlaps: 0,
            beyond: 0,
            squeezed: 0,
            height: 80,
          });
        }
      });
    }

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
      await expect(nav.getByRole('link', { name: 'Product design' })).toBeFocused();
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
      for (const [name, href] of [['Apply for early access', '/early-access'] as [string, string], ...TOP_LINKS]) {
        await expect(area.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
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
