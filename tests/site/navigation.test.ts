/**
 * The header's menus as built, on every page, and the product names across the site: each product is
 * called by its page's own title and every link with that name leads to that page. Keyboard use and
 * the phone menu are in tests/e2e/header.spec.ts.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, test } from 'vitest';
import { COMPANY_PAGES, SIDEBAR_PAGES, VERTICAL_NAV } from '../helpers/site-pages';
import { builtPage, builtPages, nameOf, textOf } from './built-site';

const PRODUCTS = SIDEBAR_PAGES.filter((page) => ['/iip', '/iem', '/iis'].includes(page.path));
const hrefs = (links: Element[]) => links.map((a) => a.getAttribute('href'));
/** The links of the header menu named `label` in `nav`. */
const menuLinks = (nav: Element | null, label: string) => {
  const menu = [...(nav?.querySelectorAll('details') ?? [])].find((d) => textOf(d.querySelector('summary')) === label);
  return [...(menu?.querySelectorAll('a') ?? [])];
};

describe('header navigation', () => {
  const header = () => builtPage('/about').querySelector('#site-header');
  const main = () => header()?.querySelector('nav[aria-label="Main"]') ?? null;
  const phone = () => header()?.querySelector('nav[aria-label="Mobile"]') ?? null;

  test('the large-screen bar offers the Products, Industries and Company menus, Developer Portal, Careers, Contact Us and Early access', () => {
    expect([...(main()?.querySelectorAll('summary') ?? [])].map((s) => textOf(s))).toEqual([
      'Products',
      'Industries',
      'Company',
    ]);
    const direct = [...(main()?.querySelectorAll(':scope > ul > li > a') ?? [])];
    expect(direct.map((a) => [nameOf(a), a.getAttribute('href')])).toEqual([
      ['Developer Portal', '/developers'],
      ['Careers', '/career'],
      ['Contact Us', '/#contact'],
      ['Early access', '/early-access'],
    ]);
    expect(direct[0]?.getAttribute('target')).toBeNull();
  });

  test('the phone menu offers Developer Portal, Careers and Contact Us after the menus', () => {
    const direct = [...(phone()?.querySelectorAll(':scope ul > li > a') ?? [])].slice(-3);
    expect(direct.map((a) => [nameOf(a), a.getAttribute('href')])).toEqual([
      ['Developer Portal', '/developers'],
      ['Careers', '/career'],
      ['Contact Us', '/#contact'],
    ]);
  });

  test.each(['Main', 'Mobile'])('the %s menus list every product, industry and company page by title', (label) => {
    const nav = label === 'Main' ? main() : phone();
    const products = menuLinks(nav, 'Products');
    expect(products.slice(0, 3).map((a) => [textOf(a), a.getAttribute('href')])).toEqual(
      PRODUCTS.map((page) => [page.h1, page.path]),
    );
    expect(hrefs(products.slice(3))).toEqual(['/hardware', '/works-with', '/changelog', '/design']);
    expect(hrefs(menuLinks(nav, 'Industries'))).toEqual(VERTICAL_NAV.links);
    expect(hrefs(menuLinks(nav, 'Company'))).toEqual(['/about', '/security', '/methodology', '/blogs']);
  });

  test('the phone menu starts with the Early Access button, which leads to the programme page', () => {
    const first = phone()?.querySelector('li a');
    expect(textOf(first)).toBe('Apply for early access');
    expect(first?.getAttribute('href')).toBe('/early-access');
    expect(COMPANY_PAGES.map((page) => page.path)).toContain('/early-access');
    expect(textOf(builtPage('/early-access').querySelector('h1'))).toBe('Early Access Program');
  });
});

describe('product names', () => {
  const pages = builtPages();

  test('no page spells the IoT SDK "IOT SDK"', () => {
    expect(pages.filter(({ html }) => /IOT SDK/.test(html)).map(({ path }) => path)).toEqual([]);
  });

  // A tag of the same name is a topic list (/tags/intelligent-iot-sdk), not the product.
  test('every link named after a product leads to its page, apart from the tag of that name', () => {
    const wrong: string[] = [];
    for (const { path, html } of pages) {
      const { document } = parseHTML(html);
      for (const link of document.querySelectorAll('a')) {
        const name = nameOf(link);
        const product = PRODUCTS.find((page) => name === page.h1 || name.startsWith(`${page.h1} page`));
        const href = (link.getAttribute('href') ?? '').replace(/#.*$/, '');
        if (product && href !== product.path && !href.startsWith('/tags/')) wrong.push(`${path}: "${name}" → ${href}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
