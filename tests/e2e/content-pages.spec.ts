import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../src/public-pages';
import { frontmatterVersion } from '../../src/server/features/privacy/notice-version';
import { site } from '../../src/site';
import { expect, hydrate, test } from './fixtures';

/** The product and vertical pages: route, h1, the sidebar they share, and the sidebar's links in order. */
const PRODUCT_NAV = { name: 'Products', links: ['/iip', '/iem', '/iis'] };
const VERTICAL_NAV = {
  name: 'Verticals',
  links: ['/iot', '/drone', '/smart-vision', '/industrials', '/robotics', '/automotive'],
};
const SIDEBAR_PAGES = [
  { path: '/iip', h1: 'Intelligent Pipeline Generator', nav: PRODUCT_NAV, island: false },
  { path: '/iem', h1: 'Intelligent Edge ML Ops', nav: PRODUCT_NAV, island: false },
  { path: '/iis', h1: 'Intelligent IoT SDK', nav: PRODUCT_NAV, island: true },
  { path: '/iot', h1: 'IoT Devices', nav: VERTICAL_NAV, island: false },
  { path: '/drone', h1: 'Drones', nav: VERTICAL_NAV, island: false },
  { path: '/smart-vision', h1: 'Smart Vision', nav: VERTICAL_NAV, island: true },
  { path: '/industrials', h1: 'Industrial & Logistics', nav: VERTICAL_NAV, island: true },
  { path: '/robotics', h1: 'Robotics', nav: VERTICAL_NAV, island: true },
  { path: '/automotive', h1: 'Automotive', nav: VERTICAL_NAV, island: false },
] as const;

/** What each page contains: the h3 titles of its cards (in `#id`) and its accordion items. */
const STRUCTURE: Record<
  string,
  { cards?: { in: string; titles: readonly string[] }[]; accordion?: number; sections?: readonly string[] }
> = {
  '/iip': {
    cards: [
      {
        in: '#benefits',
        titles: [
          '70–90% lower deployment cost',
          '2–3x faster timelines',
          'Hardware-aware by design',
          'Accuracy you can check',
          'One pipeline, many targets',
          'Code you own',
        ],
      },
    ],
  },
  '/iem': {
    cards: [
      {
        in: '#benefits',
        titles: [
          'Real-time decision-making',
          'Resilience to network failures',
          'Scaling across thousands of devices',
          'Mitigating data drift',
          'Protecting privacy and reducing costs',
          'Localised processing',
        ],
      },
    ],
  },
  '/iis': {
    cards: [
      { in: '#features', titles: ['Silicon-agnostic', 'GenAI-powered automation', 'Vendor adaptation layer'] },
      { in: '#how-it-works', titles: ['Unified API', 'Cross-platform', 'Seamless deployment'] },
    ],
    accordion: 4,
  },
  '/drone': {
    sections: [
      'Autonomous navigation',
      'Image processing on board',
      'Drone OS',
      'Flight system',
      'Fleet management',
      'SITL simulation',
    ],
    cards: [{ in: '#use-cases', titles: ['Aerial inspection and mapping', 'Agriculture', 'Integrated solutions'] }],
  },
  '/smart-vision': {
    cards: [
      {
        in: '#use-cases',
        titles: [
          'Security & Surveillance',
          'Healthcare',
          'Hazard Detection',
          'Retail',
          'Manufacturing',
          'Smart Cities',
        ],
      },
    ],
    accordion: 4,
  },
  '/robotics': {
    cards: [
      {
        in: '#use-cases',
        titles: [
          'Warehouse AMRs',
          'Pick and place',
          'Inspection robots',
          'Collaborative robots',
          'Field and agricultural robots',
          'Service and delivery',
        ],
      },
    ],
    accordion: 4,
  },
  '/industrials': {
    cards: [
      {
        in: '#use-cases',
        titles: [
          'Visual quality inspection',
          'Predictive maintenance',
          'Worker safety',
          'Asset tracking and logistics',
          'Energy monitoring',
          'Process optimisation',
        ],
      },
    ],
    accordion: 5,
  },
  '/iot': { sections: ['Wearables', 'Home', 'City', 'Agriculture', 'Industrial and logistics'] },
  '/automotive': {
    sections: [
      'Driver and occupant monitoring',
      'What the platform provides for ISO 26262 and ASPICE',
      "Model updates over the vehicle's life",
    ],
    cards: [{ in: '#use-cases', titles: ['Driver monitoring', 'Occupant monitoring', 'Commercial fleets'] }],
  },
};

/** The company and legal pages outside the sidebars: route, h1 and the sections a buyer looks for. */
const COMPANY_PAGES = [
  {
    path: '/methodology',
    h1: 'How we measure our figures',
    sections: ['basis', 'effort-split', 'cost', 'speed', 'iot-sdk', 'benchmarks'],
  },
  {
    path: '/security',
    h1: 'Security and your code',
    sections: ['where-it-runs', 'training', 'ownership', 'retention', 'standards', 'report'],
  },
  {
    path: '/early-access',
    h1: 'Early Access Program',
    sections: ['status', 'who', 'cost', 'ip', 'what-you-get', 'apply'],
  },
  { path: '/about', h1: 'About EdgeCraft AI', sections: ['company', 'what-we-build', 'how-we-work', 'where'] },
  { path: '/terms', h1: 'Terms of use', sections: [] },
] as const;

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

/** One YAML file per part in content/hardware. */
const HARDWARE_ROWS = readdirSync(fileURLToPath(new URL('../../content/hardware/', import.meta.url))).filter((f) =>
  f.endsWith('.yaml'),
).length;

const DESIGN_SECTIONS = [
  { id: 'firmware', heading: 'Firmware generated by the platform' },
  { id: 'product-design', heading: 'Product design and engineering' },
  { id: 'embedded-systems', heading: 'Embedded system design' },
  { id: 'manufacturing', heading: 'Manufacturing and assembly' },
  { id: 'integration-qa', heading: 'System integration and QA' },
] as const;

/** `<script type="module" src>` of a page: the JavaScript it loads. */
async function moduleScripts(page: Page): Promise<string[]> {
  return page
    .locator('script[type="module"][src]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''));
}

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

      test('has at least 400 words of copy in its main content', { tag: '@once' }, async ({ page }) => {
        await page.goto(path);
        const text = await page.getByRole('main').innerText();
        const words = text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word));
        expect(words.length).toBeGreaterThanOrEqual(400);
        expect(text).not.toMatch(/lorem ipsum|coming soon/i);
      });

      test('shows the cards, sections and accordion items it promises', { tag: '@once' }, async ({ page }) => {
        await page.goto(path);
        const structure = STRUCTURE[path] ?? {};
        for (const group of structure.cards ?? []) {
          await expect(page.locator(group.in).getByRole('heading', { level: 3 })).toHaveText([...group.titles]);
        }
        for (const heading of structure.sections ?? []) {
          await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toHaveCount(1);
        }
        await expect(accordionButtons(page)).toHaveCount(structure.accordion ?? 0);
      });

      test('every image has alt text and intrinsic width and height', { tag: '@once' }, async ({ page }) => {
        await page.goto(path);
        const images = page.getByRole('main').locator('img');
        expect(await images.count()).toBeGreaterThan(0);
        for (const img of await images.all()) {
          await expect(img).toHaveAttribute('alt', /.*/);
          await expect(img).toHaveAttribute('width', /^\d+$/);
          await expect(img).toHaveAttribute('height', /^\d+$/);
        }
        // Content images (not the decorative sidebar and tile icons) carry a real description.
        for (const img of await page
          .locator('main header img, main figure img, main article img[alt]:not([alt=""])')
          .all()) {
          expect(((await img.getAttribute('alt')) ?? '').length).toBeGreaterThan(10);
        }
        const broken = await images.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
        );
        expect(broken).toEqual([]);
      });

      if (!island) {
        test('loads no JavaScript beyond the layout script', async ({ page }) => {
          await page.goto(path);
          await expect(page.locator('astro-island')).toHaveCount(0);
          const pageScripts = await moduleScripts(page);
          await page.goto('/no-such-page-for-content-test');
          const layoutScripts = await moduleScripts(page);
          expect(pageScripts.filter((src) => !layoutScripts.includes(src))).toEqual([]);
        });
      }

      test('has no accessibility violations', async ({ page, axe }) => {
        await page.goto(path);
        if (island) await hydrate(page, 'button[aria-controls]');
        expect(await axe()).toEqual([]);
      });
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

        // The open panel has a maximum height and scrolls inside it.
        const maxHeight = await panel.locator('[tabindex="0"]').evaluate((el) => getComputedStyle(el).maxHeight);
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
    test('answers 200 with its h1 and the five sections', async ({ page }) => {
      const response = await page.goto('/design');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('New product design and manufacture');
      for (const { id, heading } of DESIGN_SECTIONS) {
        await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2 })).toHaveText(heading);
      }
    });

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

  test.describe('a next step on every product, vertical and design page', { tag: '@once' }, () => {
    for (const path of [
      ...SIDEBAR_PAGES.map((p) => p.path),
      '/design',
      '/hardware',
      ...COMPANY_PAGES.map((p) => p.path),
    ]) {
      test(`${path} ends with a call to action that opens the contact form with a subject`, async ({ page }) => {
        await page.goto(path);
        const cta = page.getByRole('main').locator('[data-cta]').last();
        await expect(cta).toBeVisible();
        const link = cta.getByRole('link');
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/\?subject=[^#]+#contact$/);
        expect(new URLSearchParams(href.slice(1, href.indexOf('#'))).get('subject')?.length).toBeGreaterThan(5);
        // Nothing of the page's own content comes after it.
        const after = await cta.evaluate((el) => {
          let next = el.nextElementSibling;
          while (next && next.tagName === 'SCRIPT') next = next.nextElementSibling;
          return next?.textContent?.trim() ?? '';
        });
        expect(after).toBe('');
      });
    }

    test('verticals link to the products they use in their running text', async ({ page }) => {
      for (const path of VERTICAL_NAV.links) {
        await page.goto(path);
        const products = page.locator(
          'main section a[href="/iip"], main section a[href="/iem"], main section a[href="/iis"]',
        );
        expect(await products.count(), path).toBeGreaterThan(0);
      }
    });
  });

  test.describe('offering cards and their pages', { tag: '@once' }, () => {
    test('/iip explains the subscription: on-premise or managed cloud, and what a month includes', async ({ page }) => {
      await page.goto('/iip');
      const section = page.locator('section#subscription');
      await expect(section.getByRole('heading', { level: 2 })).toHaveText('Subscription and deployment');
      await expect(section.getByRole('columnheader', { name: 'On-premise' })).toBeVisible();
      await expect(section.getByRole('columnheader', { name: 'Managed cloud' })).toBeVisible();
      await expect(section.getByText('Every month of the subscription includes:')).toBeVisible();
    });

    test('/iot lists the four ready applications with the boards they are tuned for', async ({ page }) => {
      await page.goto('/iot');
      const section = page.locator('section#ready-applications');
      for (const name of ['People counting', 'Defect inspection', 'Asset tracking', 'Predictive maintenance']) {
        await expect(section.getByRole('cell', { name, exact: true })).toBeVisible();
      }
      await expect(section.getByRole('columnheader', { name: 'Tuned for' })).toBeVisible();
    });
  });

  test.describe('proof: hardware and benchmarks', () => {
    test('/hardware is linked from the header menu under Platform and lists every part', async ({ page, isNarrow }) => {
      await page.goto('/');
      if (isNarrow) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      else await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator(isNarrow ? '#navbar-collapse' : '#site-menu');
      const platform = menu
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Platform', exact: true }) });
      await platform.getByRole('link', { name: 'Supported hardware' }).click();
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

    test('every part links to its vendor page', { tag: '@once' }, async ({ page }) => {
      await page.goto('/hardware');
      const rows = page.getByRole('table', { name: /Supported hardware by kind/ }).locator('tbody tr');
      await expect(rows).toHaveCount(HARDWARE_ROWS);
      for (const row of await rows.all()) {
        await expect(row.getByRole('link', { name: /^Vendor page for / })).toHaveAttribute('href', /^https:\/\//);
      }
    });

    test('has no accessibility violations, tables and filter included', async ({ page, axe }) => {
      await page.goto('/hardware');
      expect(await axe()).toEqual([]);
    });

    for (const path of ['/iip', '/iem', '/iis']) {
      test(`${path} shows the hardware it runs on`, { tag: '@once' }, async ({ page }) => {
        await page.goto(path);
        const rows = page.locator('section#hardware, section#modules').getByRole('table').locator('tbody tr');
        expect(await rows.count()).toBeGreaterThan(1);
      });
    }

    test(
      '/iip shows benchmarks with figures, a method and a source link on every row',
      { tag: '@once' },
      async ({ page }) => {
        await page.goto('/iip');
        const table = page.locator('section#benchmarks').getByRole('table');
        const rows = table.locator('tbody tr');
        expect(await rows.count()).toBeGreaterThan(3);
        for (const row of await rows.all()) {
          await expect(row.getByRole('link', { name: /^Source: / })).toHaveAttribute('href', /^https:\/\//);
          await expect(
            row
              .getByRole('cell')
              .filter({ hasText: /^\s*\d[\d,.]*\s*$/ })
              .first(),
          ).toBeVisible();
        }
      },
    );
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
  for (const { path, h1, sections } of COMPANY_PAGES) {
    test.describe(path, () => {
      test('answers 200 with its h1, its sections and 400 words of real copy', { tag: '@once' }, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
        for (const id of sections)
          await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2 })).toBeVisible();
        const text = await page.getByRole('main').innerText();
        expect(text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length).toBeGreaterThanOrEqual(400);
        expect(text).not.toMatch(/lorem ipsum|coming soon|TODO/i);
      });

      test('loads no JavaScript beyond the layout script', { tag: '@once' }, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('astro-island')).toHaveCount(0);
        const pageScripts = await moduleScripts(page);
        await page.goto('/no-such-page-for-content-test');
        const layoutScripts = await moduleScripts(page);
        expect(pageScripts.filter((src) => !layoutScripts.includes(src))).toEqual([]);
      });

      test('has no accessibility violations', async ({ page, axe }) => {
        await page.goto(path);
        expect(await axe()).toEqual([]);
      });
    });
  }

  test('the footer of every page links to security, terms, privacy and about', async ({ page }) => {
    await page.goto('/iip');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Security', '/security'],
      ['Terms of use', '/terms'],
      ['Privacy notice', '/privacy'],
      ['About us', '/about'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

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

  test(
    'the privacy notice dates its current version and covers e-mail, providers, transfers and backups',
    { tag: '@once' },
    async ({ page }) => {
      const version = frontmatterVersion(
        readFileSync(fileURLToPath(new URL('../../content/legal/privacy.mdx', import.meta.url)), 'utf8'),
      );
      await page.goto('/privacy');
      const main = page.getByRole('main');
      await expect(main.getByRole('listitem').filter({ hasText: `Version ${version}, ` })).toHaveCount(1);
      for (const topic of [
        site.emails.careers,
        'EmailJS',
        'Standard Contractual Clauses',
        'representative in the EU',
        'object',
        'No decision about you is automated',
        'Shortlisted applications',
        'Backups',
      ]) {
        await expect(main).toContainText(topic);
      }
    },
  );
});
