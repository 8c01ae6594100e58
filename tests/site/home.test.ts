/** The home page as built: its sections in order and where its offerings and industries lead. */
import { describe, expect, test } from 'vitest';
import { VERTICAL_NAV } from '../helpers/site-pages';
import { builtPage, textOf } from './built-site';

const home = () => builtPage('/');
const all = (selector: string) => [...home().querySelectorAll(selector)];

describe('home page', () => {
  test('shows every section in page order with its anchor', () => {
    expect(textOf(home().querySelector('h1'))).toContain('Craft, code and create embedded software');
    expect(textOf(home().querySelector('body'))).toContain('Craft smarter. Code faster. Create with AI.');
    const order = ['benefits', 'platform', 'offerings', 'industries', 'trust', 'contact'];
    expect(
      all('main [id]')
        .map((node) => node.id)
        .filter((id) => order.includes(id)),
    ).toEqual(order);
  });

  test('offerings link to /iip, /iot and /design and the six industries are listed', () => {
    expect(all('#offerings h3 a').map((a) => a.getAttribute('href'))).toEqual(['/iip', '/iot', '/design']);
    const industries = all('#industries h1, #industries h2, #industries h3, #industries h4').map((h) => textOf(h));
    for (const name of ['Smart Vision', 'Robotics', 'Drones', 'IoT Devices', 'Industrial & Logistics', 'Automotive']) {
      expect(industries).toContain(name);
    }
  });

  test('lists the industries in the order of the menu and the footer', () => {
    expect(all('#industries h3 a').map((a) => a.getAttribute('href'))).toEqual(VERTICAL_NAV.links);
  });
});
