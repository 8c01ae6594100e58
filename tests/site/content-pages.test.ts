/**
 * The product, vertical, design, hardware, company and legal pages as built: headings, sections,
 * copy, images, calls to action and scripts. What needs a browser (layout, the accordion, the
 * sidebars, axe) is in tests/e2e/content-pages.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { APPLIED_JOBS_KEY } from '../../src/lib/applied-jobs';
import { JOB_ALERT_REMINDER_DAYS } from '../../src/lib/job-alerts';
import { noticeSettings } from '../../src/lib/notice-settings';
import { consentMessages } from '../../src/lib/privacy';
import { frontmatterVersion } from '../../src/server/features/privacy/notice-version';
import { site } from '../../src/site';
import { COMPANY_PAGES, DESIGN_SECTIONS, HARDWARE_ROWS, SIDEBAR_PAGES, VERTICAL_NAV } from '../helpers/site-pages';
import { builtPage, clientDir, moduleScripts, nameOf, notFoundPage, projectRoot, textOf, wordsOf } from './built-site';

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
          'Per-site model variants',
        ],
      },
    ],
  },
  '/iis': {
    cards: [
      { in: '#features', titles: ['Silicon-agnostic', 'GenAI-powered automation', 'Vendor adaptation layer'] },
      { in: '#how-it-works', titles: ['Unified API', 'Cross-platform', 'One signed update pipeline'] },
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
          'Hazard detection',
          'Retail',
          'Manufacturing',
          'Smart cities',
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

const main = (path: string) => builtPage(path).querySelector('main');
const all = (scope: ParentNode | null, selector: string): Element[] => [...(scope?.querySelectorAll(selector) ?? [])];
const texts = (elements: Element[]) => elements.map((element) => textOf(element));

/** The JavaScript files a page loads beyond those of the layout (what the 404 page loads). */
function ownScripts(path: string): string[] {
  const layout = moduleScripts(notFoundPage());
  return moduleScripts(builtPage(path)).filter((src) => !layout.includes(src));
}

/** The one table in `scope` whose caption or label matches `name`. */
function tableNamed(scope: ParentNode | null, name: RegExp): Element {
  const tables = all(scope, 'table').filter((table) =>
    name.test(table.getAttribute('aria-label') ?? textOf(table.querySelector('caption'))),
  );
  expect(tables).toHaveLength(1);
  return tables[0] as Element;
}

describe('content pages', () => {
  for (const { path, island } of SIDEBAR_PAGES) {
    describe(path, () => {
      test('has at least 400 words of copy in its main content', () => {
        const text = textOf(main(path));
        expect(wordsOf(text).length).toBeGreaterThanOrEqual(400);
        expect(text).not.toMatch(/lorem ipsum|coming soon/i);
      });

      test('shows the cards, sections and accordion items it promises', () => {
        const page = builtPage(path);
        const structure = STRUCTURE[path] ?? {};
        for (const group of structure.cards ?? []) {
          expect(texts(all(page.querySelector(group.in), 'h3'))).toEqual([...group.titles]);
        }
        for (const heading of structure.sections ?? []) {
          expect(
            texts(all(page, 'h2')).filter((text) => text === heading),
            heading,
          ).toHaveLength(1);
        }
        expect(all(main(path), 'button[aria-controls][aria-expanded]')).toHaveLength(structure.accordion ?? 0);
      });

      test('every image has alt text, intrinsic width and height, and a file in the build', () => {
        const images = all(main(path), 'img');
        expect(images.length).toBeGreaterThan(0);
        for (const img of images) {
          const src = img.getAttribute('src') ?? '';
          expect(img.hasAttribute('alt'), src).toBe(true);
          expect(img.getAttribute('width'), src).toMatch(/^\d+$/);
          expect(img.getAttribute('height'), src).toMatch(/^\d+$/);
          expect(
            () => readFileSync(join(clientDir, decodeURIComponent(new URL(src, site.url).pathname))),
            src,
          ).not.toThrow();
        }
        // Content images (not the decorative sidebar and tile icons) carry a real description.
        for (const img of all(main(path), 'header img, figure img, article img[alt]:not([alt=""])')) {
          expect((img.getAttribute('alt') ?? '').length, img.getAttribute('src') ?? '').toBeGreaterThan(10);
        }
      });

      if (!island) {
        test('loads no JavaScript beyond the layout script', () => {
          expect(all(builtPage(path), 'astro-island')).toHaveLength(0);
          expect(ownScripts(path)).toEqual([]);
        });
      }
    });
  }

  test('/design has its h1 and the five sections', () => {
    const page = builtPage('/design');
    expect(texts(all(page, 'h1'))).toEqual(['New product design and manufacture']);
    for (const { id, heading } of DESIGN_SECTIONS) {
      expect(texts(all(page, `section#${id} h2`))).toEqual([heading]);
    }
  });

  describe('a next step on every product, vertical and design page', () => {
    for (const path of [
      ...SIDEBAR_PAGES.map((p) => p.path),
      '/design',
      '/hardware',
      ...COMPANY_PAGES.map((p) => p.path),
    ]) {
      test(`${path} ends with a call to action that opens the contact form with a subject`, () => {
        const cta = all(main(path), '[data-cta]').at(-1);
        expect(cta?.closest('[hidden]')).toBeNull();
        const links = all(cta ?? null, 'a');
        expect(links).toHaveLength(1);
        const href = links[0]?.getAttribute('href') ?? '';
        expect(href).toMatch(/^\/\?subject=[^#]+#contact$/);
        expect(new URLSearchParams(href.slice(1, href.indexOf('#'))).get('subject')?.length).toBeGreaterThan(5);
        // Nothing of the page's own content comes after it.
        let next = cta?.nextElementSibling;
        while (next && next.tagName === 'SCRIPT') next = next.nextElementSibling;
        expect(textOf(next)).toBe('');
      });
    }

    test('verticals link to the products they use in their running text', () => {
      for (const path of VERTICAL_NAV.links) {
        const products = all(main(path), 'section a[href="/iip"], section a[href="/iem"], section a[href="/iis"]');
        expect(products.length, path).toBeGreaterThan(0);
      }
    });
  });

  describe('offering cards and their pages', () => {
    test('/iip explains the subscription: on-premise or managed cloud, and what a month includes', () => {
      const section = builtPage('/iip').querySelector('section#subscription');
      expect(texts(all(section, 'h2'))).toEqual(['Subscription and deployment']);
      const columns = texts(all(section, 'th'));
      expect(columns).toContain('On-premise');
      expect(columns).toContain('Managed cloud');
      expect(textOf(section)).toContain('Every month of the subscription includes:');
    });

    test('/iot lists the four ready applications with the boards they are tuned for', () => {
      const section = builtPage('/iot').querySelector('section#ready-applications');
      const cells = texts(all(section, 'td, th'));
      for (const name of ['People counting', 'Defect inspection', 'Asset tracking', 'Predictive maintenance']) {
        expect(cells).toContain(name);
      }
      expect(texts(all(section, 'th'))).toContain('Tuned for');
    });
  });

  describe('proof: hardware and benchmarks', () => {
    test('/hardware lists every part, each with a link to its vendor page', () => {
      const rows = all(tableNamed(builtPage('/hardware'), /Supported hardware by kind/), 'tbody tr');
      expect(rows).toHaveLength(HARDWARE_ROWS);
      for (const row of rows) {
        const vendor = all(row, 'a').filter((a) => /^Vendor page for /.test(nameOf(a)));
        expect(vendor, textOf(row)).toHaveLength(1);
        expect(vendor[0]?.getAttribute('href')).toMatch(/^https:\/\//);
      }
    });

    test('/hardware dates the runtime of every supported part that names a version', () => {
      const rows = all(tableNamed(builtPage('/hardware'), /Supported hardware by kind/), 'tbody tr');
      const versioned = rows.filter(
        (row) =>
          row.getAttribute('data-status') === 'supported' &&
          /\d+\.\d+/.test(textOf(row.querySelector('td[data-label="Runtime"]'))),
      );
      expect(versioned.length).toBeGreaterThan(5);
      for (const row of versioned) {
        const runtime = row.querySelector('td[data-label="Runtime"]');
        expect(textOf(runtime), textOf(row)).toMatch(/Newest validated release as of \d{1,2} [A-Z][a-z]+ \d{4}$/);
        expect(runtime?.querySelector('time')?.getAttribute('datetime'), textOf(row)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    });

    for (const path of ['/iip', '/iem', '/iis']) {
      test(`${path} shows the hardware it runs on`, () => {
        expect(
          all(builtPage(path), 'section#hardware table tbody tr, section#modules table tbody tr').length,
        ).toBeGreaterThan(1);
      });
    }

    test('/iip shows benchmarks with figures, a method and a source link on every row', () => {
      const rows = all(builtPage('/iip').querySelector('section#benchmarks table'), 'tbody tr');
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        const sources = all(row, 'a').filter((a) => /^Source: /.test(nameOf(a)));
        expect(sources.length, textOf(row)).toBeGreaterThan(0);
        for (const source of sources) expect(source.getAttribute('href')).toMatch(/^https:\/\//);
        expect(
          texts(all(row, 'td')).some((cell) => /^\d[\d,.]*$/.test(cell)),
          textOf(row),
        ).toBe(true);
      }
    });
  });
});

describe('company pages: methodology, security, early access, about, terms', () => {
  for (const { path, h1, sections } of COMPANY_PAGES) {
    describe(path, () => {
      test('has its h1, its sections and 400 words of real copy', () => {
        const page = builtPage(path);
        expect(texts(all(page, 'h1'))).toEqual([h1]);
        for (const id of sections) expect(all(page, `section#${id} h2`).length, id).toBeGreaterThan(0);
        const text = textOf(main(path));
        expect(wordsOf(text).length).toBeGreaterThanOrEqual(400);
        expect(text).not.toMatch(/lorem ipsum|coming soon|TODO/i);
      });

      test('loads no JavaScript beyond the layout script', () => {
        expect(all(builtPage(path), 'astro-island')).toHaveLength(0);
        expect(ownScripts(path)).toEqual([]);
      });
    });
  }

  test('the footer of every page links to security, terms, privacy and about', () => {
    const footer = builtPage('/iip').querySelector('body > footer, footer[role="contentinfo"]');
    const links = new Map(all(footer, 'a').map((a) => [nameOf(a), a.getAttribute('href')]));
    for (const [name, href] of [
      ['Security', '/security'],
      ['Terms of use', '/terms'],
      ['Privacy notice', '/privacy'],
      ['About us', '/about'],
    ] as const) {
      expect(links.get(name), name).toBe(href);
    }
  });

  test('the privacy notice dates its current version and covers e-mail, providers, transfers and backups', () => {
    const version = frontmatterVersion(readFileSync(join(projectRoot, 'content/legal/privacy.mdx'), 'utf8'));
    const privacy = main('/privacy');
    expect(texts(all(privacy, 'li')).filter((item) => item.includes(`Version ${version}, `))).toHaveLength(1);
    const text = textOf(privacy);
    for (const topic of [
      site.emails.careers,
      'EmailJS',
      'Standard Contractual Clauses',
      'representative in the EU',
      'object',
      'No decision about you is automated',
      'Applications in screening, at interview or at offer',
      'Backups',
      'notes',
      'utm_source',
      'pseudonymous',
      'two-factor sign-in',
      'Our team’s accounts',
    ]) {
      expect(text).toContain(topic);
    }
  });

  test('the privacy notice and the contact form state the limits of the settings the site was built with', () => {
    // The build and this test read the same environment: a site built with RETENTION_DAYS_MESSAGES=60 says 60.
    const { days, sourcesPerDay, backupKeepDays } = noticeSettings();
    const text = textOf(main('/privacy'));
    expect(text).toContain(
      `Applications that were not taken forward are erased ${days.rejected} days after the decision`,
    );
    expect(text).toContain(
      `Applications still awaiting a decision (received, not yet in screening) are erased ${days.pending} days after`,
    );
    expect(text).toContain(
      `at interview or at offer are erased ${days.inProcess} days after their last change of stage`,
    );
    expect(text).toContain(`Applications that led to a hire are erased ${days.hired} days after the move to hired`);
    expect(text).toContain(`Applications you withdraw are erased ${days.withdrawn} days after you withdrew them`);
    expect(text).toContain(
      `withdraws your application at once, without writing to us, and it is then erased ${days.withdrawn} days later`,
    );
    expect(text).toContain(
      `Contact messages stored by the website are erased ${days.messages} days after they arrived`,
    );
    expect(text).toContain(`deleted from the website’s outbox ${days.mails} days after`);
    expect(text).toContain(`Counts of job page views are deleted ${days.views} days after`);
    expect(text).toContain(`The activity log is erased ${days.audit} days after`);
    expect(text).toContain(`more than ${sourcesPerDay} different sources`);
    expect(text).toContain(`more than ${backupKeepDays} days old`);
    expect(textOf(builtPage('/').querySelector('#contact'))).toContain(consentMessages.contactNotice(days.messages));
  });

  test('the contact form and the notice say alike where a message goes when it posts to this server', () => {
    const text = textOf(main('/privacy'));
    expect(text).toContain('The website stores the message in its database, erased as described below');
    expect(text).toContain('which it is not at present');
    expect(text).toContain('as long as it is useful to that conversation');
    expect(consentMessages.contactNotice(1)).toContain('as long as the conversation needs it');
    expect(textOf(builtPage('/').querySelector('#contact'))).not.toContain('EmailJS');
  });

  test('the job alert form promises the e-mails the server sends: a confirmation, each matching role, one reminder', () => {
    const form = textOf(builtPage('/career').querySelector('#job-alerts'));
    expect(form).toContain('First one e-mail to confirm');
    expect(form).toContain('one e-mail for each matching role we publish or reopen');
    expect(form).toContain(`one reminder ${JOB_ALERT_REMINDER_DAYS} days before your alerts end`);
    expect(form).not.toContain('One e-mail when we publish a role that matches, nothing else');
  });

  test('the privacy notice names what the browser, the rate limits, two-factor sign-in and our downloads keep', () => {
    const text = textOf(main('/privacy'));
    expect(text).toContain(`under ${APPLIED_JOBS_KEY}`);
    expect(text).toContain('Erasing your data from your private application page clears it');
    expect(text).toContain('job alert requests');
    expect(text).toContain('“Send me my link” requests, and the openings of private application pages');
    expect(text).not.toContain('and it counts wrong two-factor codes per team account. When');
    expect(text).toContain('Wrong two-factor codes are counted in the database');
    expect(text).toContain('Files our team downloads');
  });
});
