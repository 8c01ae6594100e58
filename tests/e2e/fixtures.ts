import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Fixtures = {
  /** Runs axe on the page (or one part of it) and returns the violations, for `expect(...).toEqual([])`. */
  axe: (include?: string) => Promise<{ id: string; help: string; nodes: string[] }[]>;
  /** True in the 390 px project. */
  isNarrow: boolean;
};

export const test = base.extend<Fixtures>({
  axe: async ({ page }, use) => {
    await use(async (include) => {
      let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
      if (include) builder = builder.include(include);
      const { violations } = await builder.analyze();
      return violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    });
  },
  isNarrow: async ({ page }, use) => {
    await use((page.viewportSize()?.width ?? 1280) < 768);
  },
});

export { expect };

/** Scrolls an element into view so a `client:visible` island hydrates, then waits for hydration. */
export async function hydrate(page: Page, selector: string): Promise<void> {
  const island = page.locator(`astro-island:has(${selector})`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}
