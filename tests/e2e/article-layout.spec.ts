import type { Page } from '@playwright/test';
import { SIDEBAR_PAGES } from '../helpers/site-pages';
import { blogRoutes } from './blog-pages';
import { expect, test } from './fixtures';

/** Every article and product page: their bodies hold the wide figures, tables and code blocks. */
const PAGES = [
  ...blogRoutes().articles,
  ...SIDEBAR_PAGES.filter(({ nav }) => nav.name === 'Products').map(({ path }) => path),
];
/** Laptop and desktop widths, where a wide figure once broke out past the left edge of the screen. */
const WIDTHS = [1024, 1280, 1440];

/**
 * What of the page's body a visitor cannot see: each element whose visible box (clipped by any scrolling
 * or clipping ancestor) reaches past the viewport or left of the body column, named with its text.
 */
function cutOff(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector<HTMLElement>('[data-page-body]');
    if (!body) return ['no [data-page-body] on the page'];
    const column = body.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of body.querySelectorAll<HTMLElement>('*')) {
      let { left, right } = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent && parent !== body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.clipPath === 'none' && style.clip === 'auto') continue;
        const box = parent.getBoundingClientRect();
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (right - left <= 1) continue;
      if (left < Math.max(0, column.left) - 1 || right > viewport + 1) {
        const text = (element.textContent ?? '').trim().slice(0, 40);
        found.push(`<${element.tagName.toLowerCase()}> "${text}" spans ${Math.round(left)}–${Math.round(right)} px`);
      }
    }
    return found;
  });
}

test.describe('article and product pages › layout @once', () => {
  for (const path of PAGES) {
    test(`${path} keeps every part of its body on screen at laptop and desktop widths`, async ({ page }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator('[data-page-body]')).toBeVisible();
        expect(await cutOff(page), `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});
