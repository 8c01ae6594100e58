/**
 * axe once per page and colour theme: every public page of the build (the articles and tag pages
 * editors add included) in the light and the dark theme, shown whole first so that every island has
 * hydrated. States a page reaches only by acting on it (an open dialog, a form's errors, the admin
 * screens with data) are checked by axe in the spec of that flow.
 */
import type { ResolvedTheme } from '../../src/lib/theme';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { blogRoutes } from './blog-pages';
import { expect, revealWholePage, test } from './fixtures';

const THEMES: ResolvedTheme[] = ['light', 'dark'];
const blog = blogRoutes();
const PAGES = [...new Set([...PUBLIC_PAGES, ...blog.articles, ...blog.tags])];

test.describe('axe on every page in both themes', { tag: '@once' }, () => {
  for (const theme of THEMES) {
    for (const path of PAGES) {
      test(`${path} in the ${theme} theme`, async ({ page, axe }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await revealWholePage(page);
        // The login page's second state, with the password-reset instructions and their command line.
        if (path === '/adminlogin') await page.getByRole('button', { name: 'Forgot password?' }).click();
        expect(await axe()).toEqual([]);
      });
    }
  }
});
