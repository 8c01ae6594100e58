/** The home page as built: its sections in order and where its offerings and industries lead. */
import { describe, expect, test } from 'vitest';
import { HOME_INDUSTRIES } from '../helpers/site-pages';
import { builtPage, textOf } from './built-site';

const home = () => builtPage('/');
const all = (selector: string) => [...home().querySelectorAll(selector)];

describe('home page', () => {
  test('shows every section in page order with its anchor', () => {
    expect(textOf(home().querySelector('h1'))).toContain('Craft, code and create embedded software');
    expect(textOf(home().querySelector('body'))).toContain('Craft smarter. Code faster. Create with AI.');
    const order = ['benefits', 'platform', 'offerings', 'industries', 'recognition', 'trust', 'contact'];
    expect(
      all('main [id]')
        .map((node) => node.id)
        .filter((id) => order.includes(id)),
    ).toEqual(order);
  });

  test('offerings link to /iip, /iot and /design', () => {
    expect(all('#offerings h3 a').map((a) => a.getAttribute('href'))).toEqual(['/iip', '/iot', '/design']);
  });

  test('lists the six industries in order, each linked to the vertical page that serves it', () => {
    expect(all('#industries h3 a').map((a) => [textOf(a), a.getAttribute('href')])).toEqual(HOME_INDUSTRIES);
  });

  test('Recognised By has its heading at #recognition, and says so when nothing is listed', () => {
    expect(textOf(home().querySelector('#recognition h2'))).toBe('Recognised By');
    expect(textOf(home().querySelector('#recognition'))).toMatch(/No certificate or award is listed here yet/);
  });
});
