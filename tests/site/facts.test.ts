/**
 * Facts on the built pages that can be checked against a date, a rule or the row's own source: the tense
 * of dates already past, who certifies what, the power and precisions of the Jetson rows, and who
 * published each benchmark figure.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { parseHTML } from 'linkedom';
import { builtPage, builtPages, projectRoot, textOf } from './built-site';

/** The visible text of every built page. */
const pageTexts = () => builtPages().map(({ path, html }) => ({ path, text: textOf(parseHTML(html).document.body) }));

/** The YAML rows of one data collection, keyed by file name without ".yaml". */
function collection(folder: string): Map<string, Record<string, unknown>> {
  const dir = join(projectRoot, 'content', folder);
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => [
        name.replace(/\.yaml$/, ''),
        parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>,
      ]),
  );
}

describe('dates already past read in the past tense', () => {
  test('the CRA reporting duty has applied since 11 September 2026 on every page that dates it', () => {
    const dated = pageTexts().filter(({ text }) => /11 September 2026/.test(text));
    expect(dated.map(({ path }) => path)).toEqual(expect.arrayContaining(['/iis', '/design']));
    for (const { path, text } of dated) {
      expect(text, path).not.toMatch(/appl(?:y|ies) from 11 September 2026/);
      expect(text, path).toMatch(/has applied since 11 September 2026/);
    }
  });
});

describe('claims with a basis', () => {
  test('no page states a time or size figure that has no source or scope', () => {
    const unsourced =
      /several weeks|hours rather than weeks|within hours|regenerated in hours|a few kilobytes|days, not weeks|handful of iterations|Most run for/i;
    for (const { path, text } of pageTexts()) expect(text, path).not.toMatch(unsourced);
  });

  test('the methodology says its effort split is engineer-hours and why it stands for calendar time', () => {
    const speed = textOf(builtPage('/methodology').querySelector('section#speed'));
    expect(speed).toMatch(/The 15\/85 split describes engineer-hours, not calendar time/);
    expect(speed).toMatch(/uses the measured calendar speed-up of the deployment phase, never its hours saving/);
    expect(speed).not.toMatch(/assuming time follows effort/);
  });

  test('headings speak as a company in early access, not from a track record', () => {
    const trackRecord =
      /where our [a-z ]{0,30}flies|kinds of robot we build for|we build most often|we solve on the floor|every product we design runs/i;
    for (const { path, html } of builtPages()) {
      const document = parseHTML(html).document;
      for (const heading of document.querySelectorAll('h1, h2, h3'))
        expect(textOf(heading), path).not.toMatch(trackRecord);
      expect(textOf(document.querySelector('main')), path).not.toMatch(trackRecord);
    }
  });
});

describe('pages that agree', () => {
  test('the home page offers the ready applications as early access, as /iot does', () => {
    const card = [...builtPage('/').querySelectorAll('h3')].find((h) => textOf(h) === 'Off-the-shelf applications');
    expect(textOf(card?.parentElement)).toMatch(/in early access/);
  });

  test('the security page covers boards in our lab and what early access may reuse', () => {
    const security = textOf(builtPage('/security').querySelector('main'));
    expect(security).toMatch(/If you use boards in our lab instead, .* that is a different data flow/);
    expect(security).toMatch(
      /with one exception you agree to in writing when you join early access: anonymised measurements/,
    );
  });

  test('vision that guards machines says the protective stop comes from a rated controller', () => {
    const industrials = textOf(builtPage('/industrials').querySelector('section#use-cases'));
    expect(industrials).toMatch(/Exclusion zones around robots and presses.*rated under ISO 13849-1/);
  });

  test('Matter is offered only with the radio part it needs, or says that none is listed', () => {
    const radios = [...collection('hardware').values()].filter((part) =>
      /Thread|Wi-Fi/.test(`${String(part['part'])} ${String(part['accelerator'])}`),
    );
    const iot = textOf(builtPage('/iot').querySelector('main'));
    if (radios.length === 0) expect(iot).toMatch(/no Thread or Wi-Fi part is on our hardware list yet/);
  });

  test('MISRA C is one wording wherever the SDK, design or security pages name it', () => {
    for (const { path, text } of pageTexts())
      for (const match of text.matchAll(/MISRA C:2023(.{0,20})/g))
        expect(match[1], `${path}: ${match[0]}`).toMatch(/^ or MISRA C:2025|^ \(or MISRA C:2025\)/);
  });

  test('the security page promises credit only in notes that will exist', () => {
    expect(textOf(builtPage('/security').querySelector('main'))).toMatch(
      /in the notes of the release that fixes it once we publish release notes/,
    );
  });

  test('one ST tool name per release', () => {
    for (const { path, text } of pageTexts()) expect(text, path).not.toMatch(/STM32Cube\.AI 10\.0\.0/);
  });
});

describe('house style in our own copy', () => {
  test('articles use the colon style, not em dashes', () => {
    for (const path of ['/biis', '/edgeai', '/eip', '/ipg', '/mlops']) {
      const article = builtPage(path).querySelector('main');
      expect(textOf(article), path).not.toMatch(/ — /);
      for (const image of article?.querySelectorAll('img[alt]') ?? [])
        expect(image.getAttribute('alt'), path).not.toMatch(/—/);
    }
  });

  test('programme has one spelling: the Early Access Program keeps its name, nothing else spells it otherwise', () => {
    for (const { path, text } of pageTexts()) expect(text, path).not.toMatch(/\bprogrammes?\b/i);
  });
});

describe('what a buyer can know today', () => {
  test('the price signal says what is known, where early access and the subscription are described', () => {
    for (const [path, section] of [
      ['/early-access', 'section#cost'],
      ['/iip', 'section#subscription'],
    ] as const) {
      const text = textOf(builtPage(path).querySelector(section));
      expect(text, path).toMatch(/The platform is free during early access/);
      expect(text, path).toMatch(/we will publish it on this site before general availability/);
    }
  });

  test('early access says plainly when the Developer Portal opens', () => {
    expect(textOf(builtPage('/early-access').querySelector('main'))).toMatch(
      /The Developer Portal opens with general availability/,
    );
  });
});

describe('the worst sentences stay rewritten', () => {
  test('no filler, cliché or superlative from the editor’s list is back', () => {
    const worst =
      /rapidly generates that software|Why run ML at the edge, and run it well|boiling the ocean|fast and tireless|Six things change on day one|also the reasons to run AI at the edge|Small devices, long lives|Robots that think within|nothing else gets as close|shape every decision|Until now our pipeline generator produced one style|codebase for cellular modules, Nordic/i;
    for (const { path, text } of pageTexts()) expect(text, path).not.toMatch(worst);
  });
});

describe('the privacy notice’s next step', () => {
  test('goes to the privacy address, not the sales contact form', () => {
    const link = builtPage('/privacy').querySelector('[data-cta] a');
    expect(link?.getAttribute('href')).toMatch(/^mailto:privacy@example\.com\?subject=Privacy%20notice/);
    expect(textOf(link)).toBe('Write to the privacy address');
  });
});

describe('the notice’s summary', () => {
  test('a short summary comes first, with the periods the website keeps', () => {
    const headings = [...builtPage('/privacy').querySelectorAll('main h2')].map((h) => textOf(h));
    expect(headings.indexOf('In short')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('In short')).toBeLessThan(headings.indexOf('What we collect'));
    const list = builtPage('/privacy').querySelector('main h2#in-short ~ ul');
    expect(list?.querySelectorAll('li').length).toBeLessThanOrEqual(8);
    expect(textOf(list)).toMatch(/erased \d+ days after the decision/);
  });
});

describe('the notice’s history', () => {
  test('old entries state no current setting, so the history does not change with the configuration', () => {
    const source = readFileSync(join(projectRoot, 'content/legal/privacy.mdx'), 'utf8');
    const history = source.slice(source.indexOf('## Changes to this notice'));
    expect(history).toMatch(/- \*\*Version 1\.0, 23 November 2026\*\*/);
    expect(history).not.toMatch(/\{[^}]*\}/);
  });
});

describe('who certifies what', () => {
  test('no page says a manufacturer certifies its own product', () => {
    for (const { path, text } of pageTexts())
      expect(text, path).not.toMatch(/certified by (?:the|their|its) manufacturer/i);
  });

  test('the security page names the approving, assessing and certifying parties per standard', () => {
    const standards = textOf(builtPage('/security').querySelector('section#standards'));
    expect(standards).toMatch(/DO-178C is approved by the aviation authority/);
    expect(standards).toMatch(
      /assessed, for functional safety against ISO 26262 and for process capability against Automotive SPICE/,
    );
    expect(standards).toMatch(/IEC 62304 is certified by a notified body/);
  });
});

describe('Jetson facts', () => {
  test('the drone page gives the Orin NX the 40 W of JetPack 6.2 MAXN SUPER', () => {
    const overview = textOf(builtPage('/drone').querySelector('section#overview'));
    expect(overview).toMatch(/up to 40 W in the MAXN SUPER mode that JetPack 6.2 added/);
  });

  test('the Jetson rows list BF16 alike, and INT4 alike on the two Ampere rows', () => {
    const rows = [...builtPage('/hardware').querySelectorAll('[data-hardware-table] tbody tr')];
    const precisionsOf = (part: RegExp) => {
      const row = rows.find((r) => part.test(textOf(r.querySelector('th'))));
      return textOf(row?.querySelector('td[data-label="Precisions"]')).split(', ');
    };
    const orin = precisionsOf(/Jetson AGX Orin/);
    const nano = precisionsOf(/Jetson Orin Nano/);
    const thor = precisionsOf(/Jetson AGX Thor/);
    for (const precisions of [orin, nano, thor]) expect(precisions).toContain('BF16');
    expect(orin.includes('INT4')).toBe(nano.includes('INT4'));
  });
});

describe('benchmark provenance', () => {
  const parts = collection('hardware');
  const benchmarks = [...collection('benchmarks').values()];

  test('no page passes every benchmark off as a vendor’s own figure', () => {
    for (const { path, text } of pageTexts())
      expect(text, path).not.toMatch(/vendors?['’]s? (?:own )?(?:published )?(?:figures|result)/i);
  });

  test.each(benchmarks.map((row) => [row['model'] as string, row]))(
    '%s names its publisher, who is the source’s owner, as vendor or third party',
    (model, row) => {
      const publisher = row['publisher'] as string;
      const source = new URL(row['source'] as string);
      const owner = source.pathname.split('/')[1]?.toLowerCase() ?? '';
      const publisherWord = publisher.split(/\W+/)[0]?.toLowerCase() ?? '';
      // A results repository (MLPerf) names the submitter in the method instead of owning the figure.
      expect(
        owner.includes(publisherWord) || (row['method'] as string).includes(`submitted by ${publisher}`),
        `${publisher} against ${source.href}`,
      ).toBe(true);

      const vendor = parts.get(row['hardware'] as string)?.['vendor'];
      const expected = `Published by ${publisher}, ${publisher === vendor ? "the part's vendor" : 'a third party'}.`;
      const tableRow = [...builtPage('/hardware').querySelectorAll('[data-benchmark-table] tbody tr')].find((r) =>
        textOf(r.querySelector('th')).startsWith(model),
      );
      expect(textOf(tableRow?.querySelector('[data-provenance]'))).toBe(expected);
    },
  );

  test('the NetsPresso row on the Ethos-U55 reads as a third party’s figure', () => {
    const row = benchmarks.find((b) => b['hardware'] === 'arm-ethos-u55');
    expect(row?.['publisher']).toMatch(/NetsPresso/);
    expect(row?.['publisher']).not.toBe(parts.get('arm-ethos-u55')?.['vendor']);
  });
});

describe('release notes', () => {
  /** `25 November 2026` for a YAML date, as the page writes it. */
  const longDay = (date: unknown) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(date as string | Date),
    );

  test('the changelog lists every hardware row under the day it joined the list and under each later change', () => {
    const changes = builtPage('/changelog').querySelector('section#hardware [data-hardware-changes]');
    const days = new Map(
      [...(changes?.querySelectorAll('article') ?? [])].map((day) => [textOf(day.querySelector('h3')), textOf(day)]),
    );
    for (const [file, row] of collection('hardware')) {
      const history = row['history'] as { date: unknown; change: string }[];
      expect(history.length, file).toBeGreaterThan(0);
      for (const { date, change } of history) {
        const day = days.get(longDay(date));
        expect(day, `${file}: ${longDay(date)}`).toBeDefined();
        expect(day, `${file}: ${change}`).toContain(change);
        expect(day, file).toContain(String(row['part']));
      }
    }
  });

  test('the changelog lists its days newest first', () => {
    const days = [...builtPage('/changelog').querySelectorAll('[data-hardware-changes] time')].map((time) =>
      String(time.getAttribute('datetime')),
    );
    expect(days.length).toBeGreaterThan(1);
    expect(days).toEqual([...days].sort().reverse());
  });

  test('the platform’s release notes start with its first release, and the page says so in paragraphs', () => {
    const platform = builtPage('/changelog').querySelector('section#platform');
    const paragraphs = [...(platform?.querySelectorAll('p:not(.eyebrow)') ?? [])].map((p) => textOf(p));
    expect(paragraphs[0]).toMatch(
      /^Release notes for the platform start with its first release.*None is published yet/,
    );
    // Two facts side by side keep the space between their sentences.
    for (const text of paragraphs) expect(text).not.toMatch(/[a-z]\.[A-Z]/);
  });

  test('the release notes page is in the Products menu and the footer', () => {
    const page = builtPage('/about');
    expect(page.querySelector('#site-header a[href="/changelog"]')).not.toBeNull();
    expect(page.querySelector('footer a[href="/changelog"]')).not.toBeNull();
  });
});

describe('works with vendor tools', () => {
  test('the page names every vendor on the hardware list and what stays the vendor’s', () => {
    const page = textOf(builtPage('/works-with').querySelector('main'));
    const vendors = new Set([...collection('hardware').values()].map((row) => String(row['vendor'])));
    for (const vendor of vendors) expect(page, vendor).toContain(vendor);
    expect(page).toMatch(/no EdgeCraft runtime sits between your product and the hardware/);
    expect(page).toMatch(/What stays the vendor.s: the compiler that maps a model onto its accelerator/);
  });

  test('the page is in the Products menu and the footer', () => {
    const page = builtPage('/about');
    expect(page.querySelector('#site-header a[href="/works-with"]')).not.toBeNull();
    expect(page.querySelector('footer a[href="/works-with"]')).not.toBeNull();
  });
});

describe('the security page’s own data flows', () => {
  test('each flow says what leaves the network and where it is processed', () => {
    const flows = [...builtPage('/security').querySelectorAll('section#data-flows li')].map((li) => textOf(li));
    for (const flow of [
      /^On-premise platform: nothing leaves/,
      /^Managed cloud: .* single-tenant environment .* in the region you choose/,
      /^Boards on your network: the runner opens outbound connections only/,
      /^Boards in our lab.*leave your network for ours/,
      /^Support cases: only the logs or files you choose to send us/,
      /^Published figures: .*anonymised measurements/,
      /^Third-party model services: none/,
    ])
      expect(
        flows.some((text) => flow.test(text)),
        String(flow),
      ).toBe(true);
  });

  test('the page says plainly that nothing is certified, and no page calls the platform certified', () => {
    expect(textOf(builtPage('/security').querySelector('section#not-certified'))).toMatch(
      /hold no security certification, attestation or third-party audit report today/,
    );
    const certifiedPlatform =
      /\b(?:the platform|EdgeCraft AI|our platform|the managed cloud)\b(?: is| are| has been)? (?:certified|accredited|audited)\b/i;
    for (const { path, text } of pageTexts()) expect(text, path).not.toMatch(certifiedPlatform);
  });
});

describe('the EU AI Act, framed like the other standards', () => {
  test('what it asks, what the platform provides as evidence, and what stays with the provider and its notified body', () => {
    const act = textOf(builtPage('/security').querySelector('section#ai-act'));
    expect(act).toMatch(/Regulation \(EU\) 2024\/1689/);
    expect(act).toMatch(/from 2 December 2027 for the Annex III uses and from 2 August 2028 for Annex I products/);
    expect(act).toMatch(/The platform does not make a product conform, and it does not certify anything under the Act/);
    expect(act).toMatch(/What stays yours as the provider: deciding whether your system is high-risk/);
    expect(act).toMatch(/requires a notified body, that body assesses the AI system/);
  });
});

describe('the Developer Portal link', () => {
  test('goes to a page that says plainly when the portal opens and lists what a developer can read now', () => {
    const link = [...builtPage('/').querySelectorAll('#site-header nav[aria-label="Main"] a')].find((a) =>
      textOf(a).startsWith('Developer Portal'),
    );
    expect(link?.getAttribute('href')).toBe('/developers');
    const page = builtPage('/developers');
    expect(textOf(page.querySelector('section#status'))).toMatch(
      /The Developer Portal opens with general availability/,
    );
    expect(page.querySelectorAll('section#today li a').length).toBeGreaterThanOrEqual(6);
  });
});
