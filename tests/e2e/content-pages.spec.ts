import type { Locator, Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { site } from '../../src/site';
import { COMPANY_PAGES, DESIGN_SECTIONS, HARDWARE_ROWS, SIDEBAR_PAGES } from '../helpers/site-pages';
import { expect, hydrate, test } from './fixtures';

/*
 * What a page is made of without a browser (headings, sections, copy, images, calls to action, the
 * scripts it loads) is checked on the built HTML in tests/site/content-pages.test.ts; here, what
 * needs one: layout, the accordion, the sidebars, and axe, once per layout (the pages of a layout
 * share their markup around different copy).
 */
/** The pages axe checks: a product page and a vertical page with their accordion, a company page, and the changelog's own list. */
const AXE_PAGES = new Set(['/iis', '/smart-vision', '/methodology', '/changelog']);

/**
 * Wording of certificates, audits, badges and programmes the company cannot show, and of safety or coding
 * standards the platform or its output would "comply with" or be "certified" or "qualified" to: the
 * manufacturer certifies, the platform provides evidence. No public page may carry any of it.
 */
const UNPROVEN_CLAIMS = new RegExp(
  [
    'ISO\\/IEC 27001',
    'ISO 27001',
    'ISO 9001',
    'DPIIT',
    'Startup India',
    'partner programme',
    'Edge AI Partner',
    'audited, not promised',
    '\\b(?:ISO 26262|ASPICE|DO-178C|DO-330|IEC 62304|IEC 61508|ISO 13849(?:-1)?|MISRA C\\S*|Matter)[- ](?:certified|compliant|qualified)\\b',
    '\\bcertified (?:to|under|against|for) (?:ISO|IEC|DO-|ASPICE|MISRA)',
    '\\b(?:we are|EdgeCraft AI is) (?:certified|accredited)\\b',
    'qualified (?:tool|toolchain) (?:for|under)',
  ].join('|'),
  'i',
);

/** The accordion's disclosure buttons: the buttons that control a panel region inside `main`. */
function accordionButtons(page: Page): Locator {
  return page.getByRole('main').locator('button[aria-controls][aria-expanded]');
}

test.describe('content pages', () => {
  test('accordion items stay disabled until their script runs, so an early click is not lost @once', async ({
    page,
  }) => {
    await page.route('**/_astro/Accordion*.js', (route) => route.abort());
    await page.goto('/iis');
    const buttons = accordionButtons(page);
    await expect(buttons).not.toHaveCount(0);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
  });

  for (const { path, h1, nav, island } of SIDEBAR_PAGES) {
    test.describe(path, () => {
      test('answers 200 with one h1, its sidebar links and the current page marked', async ({ page, isNarrow }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);

        const sidebar = page.getByRole('navigation', { name: nav.name, exact: true });
        const links = sidebar.getByRole('link');
        await expect(links).toHaveCount(nav.links.length);
        expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([...nav.links]);
        // Every link is on screen without scrolling sideways, at 390 px too.
        for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
        const current = sidebar.locator('[aria-current="page"]');
        await expect(current).toHaveCount(1);
        await expect(current).toHaveAttribute('href', path);

        // Desktop: a column left of the content; phones: a strip above the h1.
        const navBox = await sidebar.boundingBox();
        const h1Box = await page.getByRole('heading', { level: 1 }).boundingBox();
        expect(navBox && h1Box).toBeTruthy();
        if (navBox && h1Box) {
          if (isNarrow) expect(navBox.y + navBox.height).toBeLessThanOrEqual(h1Box.y);
          else expect(navBox.x + navBox.width).toBeLessThanOrEqual(h1Box.x);
        }
      });

      if (AXE_PAGES.has(path)) {
        test('has no accessibility violations', async ({ page, axe }) => {
          await page.goto(path);
          if (island) await hydrate(page, 'button[aria-controls]');
          expect(await axe()).toEqual([]);
        });
      }
    });
  }

  test.describe('accordion', () => {
    for (const path of ['/iis', '/smart-vision', '/industrials']) {
      test(`${path}: one item open at a time, and clicking the open item closes it`, async ({ page }) => {
        await page.goto(path);
        await hydrate(page, 'button[aria-controls]');
        const buttons = accordionButtons(page);
        const expanded = page.getByRole('main').locator('button[aria-controls][aria-expanded="true"]');
        const panelOf = async (button: Locator) => page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);

        // Starts with the first item open.
        await expect(buttons.first()).toHaveAttribute('aria-expanded', 'true');
        await expect(expanded).toHaveCount(1);

        const second = buttons.nth(1);
        await second.click();
        await expect(second).toHaveAttribute('aria-expanded', 'true');
        await expect(buttons.first()).toHaveAttribute('aria-expanded', 'false');
        await expect(expanded).toHaveCount(1);
        const panel = await panelOf(second);
        await expect(panel).toBeVisible();
        await expect(panel).toHaveRole('region');
        await expect(panel).toHaveAccessibleName((await second.innerText()).trim());
        await expect(await panelOf(buttons.first())).toBeHidden();

        // The open panel has a maximum height, far above its text.
        const maxHeight = await panel.locator('.accordion-body').evaluate((el) => getComputedStyle(el).maxHeight);
        expect(maxHeight).toMatch(/^\d+(\.\d+)?px$/);

        await second.click();
        await expect(second).toHaveAttribute('aria-expanded', 'false');
        await expect(expanded).toHaveCount(0);
        await expect(panel).toBeHidden();

        // Keyboard: Enter on a focused item opens it.
        const last = buttons.last();
        await last.focus();
        await page.keyboard.press('Enter');
        await expect(last).toHaveAttribute('aria-expanded', 'true');
        await expect(expanded).toHaveCount(1);
      });
    }

    for (const path of ['/iis', '/smart-vision', '/industrials', '/robotics']) {
      test(`${path}: every panel shows its whole text, with nothing to scroll inside`, async ({ page }) => {
        await page.goto(path);
        await hydrate(page, 'button[aria-controls]');
        const buttons = accordionButtons(page);
        for (const button of await buttons.all()) {
          if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
          const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
          await expect(panel).toHaveAttribute('data-state', 'open');
          const body = panel.locator('.accordion-body');
          await expect(body).toBeVisible();
          const { scrollHeight, clientHeight } = await body.evaluate((el) => ({
            scrollHeight: el.scrollHeight,
            clientHeight: el.clientHeight,
          }));
          expect(scrollHeight, `${(await button.innerText()).trim()} scrolls inside its panel`).toBe(clientHeight);
        }
      });
    }

    test('animates opening, and not at all when the user prefers reduced motion', async ({ page }) => {
      const duration = async () => {
        await page.goto('/robotics');
        await hydrate(page, 'button[aria-controls]');
        const id = await accordionButtons(page).first().getAttribute('aria-controls');
        return page.locator(`[id="${id}"]`).evaluate((el) => getComputedStyle(el).transitionDuration);
      };
      expect(await duration()).toMatch(/[1-9]/);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect((await duration()).split(',').every((part) => parseFloat(part) === 0)).toBe(true);
    });

    test('every item text is in the static HTML, readable without JavaScript', async ({ request, browser }) => {
      const html = await (await request.get('/iis')).text();
      for (const snippet of [
        'Memory and power management',
        'The SDK allocates nothing after start-up',
        'UART reception runs on DMA',
        'MQTT 3.1.1 and LwM2M 1.1 clients',
        'Device time is synchronised from the network',
      ]) {
        expect(html).toContain(snippet);
      }
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(new URL('/iis', test.info().project.use.baseURL).href);
      await expect(page.getByText('Device time is synchronised from the network')).toBeVisible();
      await context.close();
    });
  });

  test.describe('/design', () => {
    test('each sidebar button scrolls to its section and marks it as the one in view', async ({ page, isNarrow }) => {
      await page.goto('/design');
      const nav = page.getByRole('navigation', { name: 'Design services' });
      const toggle = nav.getByRole('button', { name: /sections/i });
      for (const { id, heading } of [...DESIGN_SECTIONS].reverse()) {
        if (isNarrow) {
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-expanded', 'true');
        }
        await nav.getByRole('link', { name: heading }).click();
        // By href, not by role: on phones the list (and the link) is hidden again after the choice.
        const link = nav.locator(`a[href="#${id}"]`);
        const section = page.locator(`section#${id}`);
        await expect(section.getByRole('heading', { level: 2 })).toBeInViewport();
        await expect(link).toHaveAttribute('aria-current', 'location');
        await expect(nav.locator('[aria-current]')).toHaveCount(1);
        // The heading is not hidden under the sticky header.
        // Polled: a smooth scroll may still be settling when the heading first enters the viewport.
        const headerBottom = (await page.locator('#site-header').boundingBox())?.height ?? 0;
        await expect
          .poll(async () => (await section.getByRole('heading', { level: 2 }).boundingBox())?.y ?? -1)
          .toBeGreaterThanOrEqual(headerBottom);
        if (isNarrow) await expect(link).toBeHidden();
      }
    });

    test('the mark follows the section in view while scrolling', async ({ page }) => {
      await page.goto('/design');
      const nav = page.getByRole('navigation', { name: 'Design services' });
      await page.locator('section#manufacturing').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect(nav.locator('[aria-current="location"]')).toHaveAttribute('href', '#manufacturing');
      await page.locator('section#firmware').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expect(nav.locator('[aria-current="location"]')).toHaveAttribute('href', '#firmware');
    });

    test('the hamburger toggles the sidebar on phones and is hidden on desktop', async ({ page, isNarrow }) => {
      await page.goto('/design');
      const nav = page.getByRole('navigation', { name: 'Design services' });
      const toggle = nav.getByRole('button', { name: /sections/i });
      const firstLink = nav.getByRole('link', { name: DESIGN_SECTIONS[0].heading });
      if (!isNarrow) {
        await expect(toggle).toBeHidden();
        await expect(firstLink).toBeVisible();
        return;
      }
      await expect(firstLink).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(firstLink).toBeVisible();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(firstLink).toBeHidden();
      await toggle.click();
      await page.keyboard.press('Escape');
      await expect(firstLink).toBeHidden();
      await expect(toggle).toBeFocused();
    });

    test('has no accessibility violations, with the sidebar open on phones', async ({ page, axe, isNarrow }) => {
      await page.goto('/design');
      expect(await axe()).toEqual([]);
      if (isNarrow) {
        await page.getByRole('button', { name: /sections/i }).click();
        expect(await axe()).toEqual([]);
      }
    });
  });

  test.describe('workflow diagrams', () => {
    for (const path of ['/iip', '/iem']) {
      test(`${path}: a phone gets the diagram laid out for its width, its smallest text at least 12 px`, async ({
        page,
        isNarrow,
        request,
      }) => {
        await page.goto(path);
        const diagram = page.getByRole('main').locator('figure img[src$="-workflow.svg"]');
        await diagram.scrollIntoViewIfNeeded();
        await expect
          .poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
          .toBeTruthy();
        const { shown, width } = await diagram.evaluate((img: HTMLImageElement) => ({
          shown: new URL(img.currentSrc).pathname,
          width: img.getBoundingClientRect().width,
        }));
        expect(shown).toBe(
          path === '/iip'
            ? isNarrow
              ? '/images/products/iip-workflow-narrow.svg'
              : '/images/products/iip-workflow.svg'
            : isNarrow
              ? '/images/products/iem-workflow-narrow.svg'
              : '/images/products/iem-workflow.svg',
        );
        if (!isNarrow) return;
        // The SVG's smallest font size, scaled from its viewBox to the width it is drawn at.
        const svg = await (await request.get(shown)).text();
        const viewBoxWidth = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1]);
        const smallest = Math.min(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((match) => Number(match[1])));
        expect(smallest * (width / viewBoxWidth)).toBeGreaterThanOrEqual(12);
      });
    }
  });

  test.describe('proof: hardware and benchmarks', () => {
    for (const path of ['/hardware', '/iip', '/iem', '/iis', '/eip']) {
      test(`${path}: every data table fits its box, the page never scrolls sideways, a part's status is on screen`, async ({
        page,
      }) => {
        await page.goto(path);
        const tables = page.getByRole('main').locator('table.data-table');
        await expect(tables).not.toHaveCount(0);
        for (const table of await tables.all()) {
          const { table: width, box } = await table.evaluate((el) => ({
            table: el.getBoundingClientRect().width,
            box: el.parentElement?.clientWidth ?? 0,
          }));
          expect(width, `${await table.locator('caption').innerText()} is wider than its box`).toBeLessThanOrEqual(
            box + 1,
          );
        }
        const viewport = page.viewportSize()?.width ?? 0;
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
        // Without scrolling sideways, anywhere: every status badge lies between the screen's edges.
        const badges = await page
          .locator('[data-hardware-table] td[data-label="Status"] span')
          .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect()).map((r) => [r.left, r.right]));
        for (const [left = -1, right = Infinity] of badges) {
          expect(left).toBeGreaterThanOrEqual(0);
          expect(right).toBeLessThanOrEqual(viewport);
        }
      });
    }

    test('/hardware is linked from the header menu under Products and lists every part', async ({ page, isNarrow }) => {
      await page.goto('/');
      if (isNarrow) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const nav = page.getByRole('navigation', { name: isNarrow ? 'Mobile' : 'Main' });
      await nav.locator('summary', { hasText: 'Products' }).click();
      await nav.getByRole('link', { name: 'Supported hardware' }).click();
      await expect(page).toHaveURL(/\/hardware$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supported hardware');
      const table = page.getByRole('table', { name: /Supported hardware by kind/ });
      await expect(table.locator('tbody tr')).toHaveCount(HARDWARE_ROWS);
      for (const status of ['Supported', 'Beta', 'Planned']) {
        await expect(table.getByText(status, { exact: true }).first()).toBeVisible();
      }
    });

    test('the kind filter shows only the chosen kind, without JavaScript', { tag: '@once' }, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(new URL('/hardware', test.info().project.use.baseURL).href);
      const rows = page.getByRole('table', { name: /Supported hardware by kind/ }).locator('tbody tr');
      await page.getByRole('radio', { name: 'Cellular modules' }).check();
      const visible = rows.filter({ visible: true });
      await expect(visible).not.toHaveCount(0);
      for (const kind of await visible.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')))) {
        expect(kind).toBe('cellular-module');
      }
      await page.getByRole('radio', { name: 'All hardware' }).check();
      await expect(rows.filter({ visible: true })).toHaveCount(HARDWARE_ROWS);
      await context.close();
    });

    test('has no accessibility violations, tables and filter included', async ({ page, axe }) => {
      await page.goto('/hardware');
      expect(await axe()).toEqual([]);
    });
  });

  test.describe('/Industrials', () => {
    test('redirects permanently to /industrials', async ({ request }) => {
      const response = await request.get('/Industrials', { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(response.headers()['location']).toMatch(/\/industrials\/?$/);
    });

    test('reaches the Industrials page in the browser', async ({ page }) => {
      await page.goto('/Industrials');
      await expect(page).toHaveURL(/\/industrials\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Industrial & Logistics');
    });
  });
});

test.describe('company pages: methodology, security, early access, about, terms', () => {
  for (const { path } of COMPANY_PAGES.filter((page) => AXE_PAGES.has(page.path))) {
    test(`${path} has no accessibility violations`, async ({ page, axe }) => {
      await page.goto(path);
      expect(await axe()).toEqual([]);
    });
  }

  test('the Automotive tile of the home page leads to its vertical page', { tag: '@once' }, async ({ page }) => {
    await page.goto('/');
    await page.locator('#industries').getByRole('link', { name: 'Automotive' }).click();
    await expect(page).toHaveURL(/\/automotive$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Automotive');
  });

  test(
    'no public page claims a certificate, audit or programme the company cannot show',
    { tag: '@once' },
    async ({ request }) => {
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        const html = await (await request.get(path)).text();
        const match = UNPROVEN_CLAIMS.exec(html);
        if (match) found.push(`${path}: ${match[0]}`);
      }
      expect(found).toEqual([]);
    },
  );

  test('/.well-known/security.txt follows RFC 9116 and has not expired', { tag: '@once' }, async ({ request }) => {
    const response = await request.get('/.well-known/security.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const fields = new Map(
      (await response.text())
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as const),
    );
    expect(fields.get('Contact')).toBe(`mailto:${site.emails.security}`);
    expect(fields.get('Canonical')).toBe(`${site.url}/.well-known/security.txt`);
    expect(fields.get('Preferred-Languages')).toBe('en');
    const policy = new URL(fields.get('Policy') ?? '');
    expect(policy.origin).toBe(site.url);
    expect((await request.get(policy.pathname)).status()).toBe(200);
    // Expires: an RFC 3339 time in the future, less than a year away (a build renews it).
    const expires = fields.get('Expires') ?? '';
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const left = Date.parse(expires) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(365 * 86_400_000);
  });
});
