import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { THEME_INIT_SCRIPT } from '~/integrations/theme-init';
import { THEME_STORAGE_KEY, toggledTheme } from '~/lib/theme';
import { colour, type PaletteName, type Theme } from '~/styles/palette';

/** Runs the head script against a stored value (or blocked storage) and a system preference. */
function runHeadScript(stored: string | null | 'blocked', systemPrefersLight: boolean) {
  const dataset: Record<string, string> = {};
  runInNewContext(THEME_INIT_SCRIPT, {
    localStorage: {
      getItem: (key: string) => {
        if (stored === 'blocked') throw new Error('SecurityError: storage is disabled');
        return key === THEME_STORAGE_KEY ? stored : null;
      },
    },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: light)' && systemPrefersLight }),
    document: { documentElement: { dataset } },
  });
  return { theme: dataset['theme'], choice: dataset['themeChoice'] };
}

describe('theme › head script', () => {
  it('follows the system when nothing is stored', () => {
    expect(runHeadScript(null, true)).toEqual({ theme: 'light', choice: 'system' });
    expect(runHeadScript(null, false)).toEqual({ theme: 'dark', choice: 'system' });
  });

  it('lets a stored choice beat the system preference', () => {
    expect(runHeadScript('dark', true)).toEqual({ theme: 'dark', choice: 'dark' });
    expect(runHeadScript('light', false)).toEqual({ theme: 'light', choice: 'light' });
  });

  it('treats an unknown stored value or blocked storage as "system"', () => {
    expect(runHeadScript('sepia', true)).toEqual({ theme: 'light', choice: 'system' });
    expect(runHeadScript('blocked', false)).toEqual({ theme: 'dark', choice: 'system' });
  });

  it('stays a few hundred bytes, as every page carries it inline', () => {
    expect(THEME_INIT_SCRIPT.length).toBeLessThan(400);
  });
});

describe('theme › toggle', () => {
  it("switches to the other theme than the one on show, the system's until the first press", () => {
    expect(toggledTheme('system', false)).toBe('light');
    expect(toggledTheme('system', true)).toBe('dark');
    expect(toggledTheme('light', false)).toBe('dark');
    expect(toggledTheme('dark', true)).toBe('light');
  });
});

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const [r, g, bl] = [n >> 16, (n >> 8) & 255, n & 255].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

type Token = [PaletteName, string?];
/** Text and the surface it sits on, as the components pair them (class names in the comments). */
const TEXT_ON_SURFACE: [text: Token, surface: Token, where: string][] = [
  [['slate', '300'], ['ink', '900'], 'body text on the page (text-slate-300)'],
  [['slate', '300'], ['ink', '800'], 'body text on a card or dialog'],
  [['slate', '400'], ['ink', '800'], 'hints and placeholders (text-slate-400)'],
  [['slate', '200'], ['ink', '900'], 'header links (text-slate-200)'],
  [['white'], ['ink', '800'], 'headings (text-white)'],
  [['brand', '300'], ['ink', '900'], 'links and eyebrows (text-brand-300)'],
  [['brand', '300'], ['ink', '800'], 'links on a card'],
  [['brand', '200'], ['ink', '900'], 'hovered links (text-brand-200)'],
  [['accent', '300'], ['ink', '800'], 'card tags (text-accent-300)'],
  [['ink', '900'], ['brand', '400'], 'primary buttons (btn-primary)'],
  [['ink', '900'], ['brand', '300'], 'hovered primary buttons'],
  [['rose', '300'], ['ink', '800'], 'field errors (text-rose-300)'],
  [['emerald', '300'], ['ink', '800'], 'success notes (text-emerald-300)'],
  [['amber', '300'], ['ink', '800'], 'pending counter (text-amber-300)'],
  [['amber', '950'], ['amber', '300'], 'pending badge'],
  [['emerald', '950'], ['emerald', '300'], 'shortlisted badge'],
  [['rose', '950'], ['rose', '300'], 'rejected badge'],
  [['slate', '950'], ['slate', '300'], 'closed badge'],
  [['rose', '50'], ['rose', '950'], 'error panels and toasts (text-rose-50 on bg-rose-950)'],
  [['emerald', '50'], ['emerald', '950'], 'success panels and toasts'],
  [['amber', '50'], ['amber', '950'], 'warning panels'],
];

describe('theme › palette', () => {
  for (const theme of ['dark', 'light'] as Theme[]) {
    it(`gives every text pairing of the components at least 4.5:1 in the ${theme} theme`, () => {
      const failing = TEXT_ON_SURFACE.map(([text, surface, where]) => ({
        where,
        ratio: Math.round(contrast(colour(theme, ...text), colour(theme, ...surface)) * 100) / 100,
      })).filter(({ ratio }) => ratio < 4.5);
      expect(failing).toEqual([]);
    });
  }
});
