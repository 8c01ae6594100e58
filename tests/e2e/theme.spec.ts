import type { Page } from '@playwright/test';
import { THEME_STORAGE_KEY, type ResolvedTheme } from '../../src/lib/theme';
import { colour } from '../../src/styles/palette';
import { adminTest } from './admin-fixtures';
import { jobInput, openForm, uniqueTag } from './careers-helpers';
import { apiTest, expect, test } from './fixtures';
import { AdminPage } from './pages/AdminPage';

const THEMES: ResolvedTheme[] = ['light', 'dark'];

/** The page background of a theme as getComputedStyle writes it (`rgb(245, 247, 251)`). */
function pageBackground(theme: ResolvedTheme): string {
  const n = Number.parseInt(colour(theme, 'ink', '900').slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

type FirstFrame = { theme: string | undefined; background: string; colorScheme: string };

/** Records <html>'s theme, background and color-scheme at the first animation frame, before the first paint. */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const html = document.documentElement;
      const style = getComputedStyle(html);
      const frame = { theme: html.dataset['theme'], background: style.backgroundColor, colorScheme: style.colorScheme };
      Object.assign(window, { firstFrame: frame });
    });
  });
}

const firstFrame = (page: Page) =>
  page.waitForFunction(() => (window as Window & { firstFrame?: FirstFrame }).firstFrame).then((h) => h.jsonValue());

const looksLike = (theme: ResolvedTheme): FirstFrame => ({
  theme,
  background: pageBackground(theme),
  colorScheme: theme,
});

const toggle = (page: Page) => page.getByRole('button', { name: /^Colour theme: / });

test.describe('colour theme', () => {
  for (const system of THEMES) {
    test(`a visitor whose system prefers ${system} gets the ${system} theme from the first frame`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: system });
      await recordFirstFrame(page);
      await page.goto('/');
      expect(await firstFrame(page)).toEqual(looksLike(system));
      await expect(toggle(page)).toHaveAccessibleName(`Colour theme: ${system === 'light' ? 'Light' : 'Dark'}`);
    });
  }

  test('the header toggle switches between light and dark, and its name says which is on', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    const button = toggle(page);
    await expect(button).toBeVisible();
    await expect(button).toBeEnabled();
    await expect(button).toHaveAccessibleName('Colour theme: Dark');

    for (const theme of ['light', 'dark', 'light'] as const) {
      const name = theme === 'light' ? 'Light' : 'Dark';
      await button.click();
      await expect(button).toHaveAccessibleName(`Colour theme: ${name}`);
      // Announced once through a polite live region (not a role=status, which the page's forms use).
      await expect(page.locator('[data-theme-status]')).toHaveText(`Colour theme: ${name}`);
      await expect(page.locator('[data-theme-status]')).toHaveAttribute('aria-live', 'polite');
      await expect(html).toHaveAttribute('data-theme', theme);
      await expect(html).toHaveCSS('background-color', pageBackground(theme));
      await expect(html).toHaveCSS('color-scheme', theme);
    }
    await expect(button).toBeFocused();
  });

  test('a stored choice persists across pages and reloads and beats the system preference from the first frame', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName('Colour theme: Dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe('dark');

    await recordFirstFrame(page);
    await page.goto('/iip');
    expect(await firstFrame(page)).toEqual(looksLike('dark'));
    await expect(toggle(page)).toHaveAccessibleName('Colour theme: Dark');
    await page.reload();
    expect(await firstFrame(page)).toEqual(looksLike('dark'));

    // The pick now holds even when the system changes.
    await page.emulateMedia({ colorScheme: 'dark' });
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName('Colour theme: Light');
    await page.reload();
    expect(await firstFrame(page)).toEqual(looksLike('light'));
  });

  test(
    'until the visitor picks, the page and the toggle follow the system when it changes',
    { tag: '@once' },
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/ipg');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(toggle(page)).toHaveAccessibleName('Colour theme: Light');
      await expect(page.locator('html')).toHaveCSS('background-color', pageBackground('light'));
    },
  );

  test(
    'printing an article drops the header and footer, prints light and writes each link target',
    { tag: '@once' },
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark', media: 'print' });
      await page.goto('/ipg');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('background-color', pageBackground('light'));

      const link = page.locator('.article-body a[href]:not([href^="#"])').first();
      const href = await link.getAttribute('href');
      expect(href).toBeTruthy();
      // The text printed after the link: its target, resolved from the attribute.
      expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toBe(`" (${href})"`);
    },
  );
});

apiTest.describe('colour theme › accessibility of dialogs', () => {
  for (const theme of THEMES) {
    apiTest(
      `the application form has no axe violations in the ${theme} theme`,
      async ({ page, axe, createJob }, testInfo) => {
        const job = await createJob(jobInput(uniqueTag(testInfo)));
        await page.emulateMedia({ colorScheme: theme });
        const dialog = await openForm(page, job);
        await dialog.getByRole('button', { name: 'Submit Application' }).click();
        await expect(dialog.getByText('is required').first()).toBeVisible();
        expect(await axe('dialog')).toEqual([]);
      },
    );
  }
});

adminTest.describe('colour theme › admin dashboard', () => {
  for (const theme of THEMES) {
    adminTest(
      `the applicants tab has no axe violations in the ${theme} theme`,
      async ({ loggedInPage: page, adminApi, axe }) => {
        const job = await adminApi.createJob();
        const applicant = await adminApi.seedApplicant({ job });
        await adminApi.seedApplicant({ job });
        await adminApi.setStatus(applicant.id, 'shortlisted');
        await page.emulateMedia({ colorScheme: theme });
        const admin = new AdminPage(page);
        await admin.goto('Applicants');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(admin.applicantCard(applicant.name)).toBeVisible();
        await page.getByText('Show the numbers').click();
        // From the top, as the applicants spec does: scrolled, a link half under the sticky filters fails target-size.
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await axe('main')).toEqual([]);
      },
    );
  }
});
