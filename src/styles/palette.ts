/**
 * The colours of both themes. Every palette name the components use (`ink`, `slate`, `white`,
 * `brand`…) resolves to a CSS variable (tailwind.config.mjs), so `text-slate-300` or `bg-ink-800`
 * follows the theme without an edit. The light theme mirrors each scale: a shade that is light text
 * on dark becomes dark text on light, a dark tint becomes a pale one.
 */

/** A shade's value in the dark theme and in the light one. */
type Pair = readonly [dark: string, light: string];
type Scale = Readonly<Record<string, Pair>>;
export type Theme = 'dark' | 'light';

/** Page and surfaces: 900 is the page, 800 a card, 850 a code block; the light page is off-white under white cards. */
const ink: Scale = {
  DEFAULT: ['#0b1020', '#f5f7fb'],
  900: ['#0b1020', '#f5f7fb'],
  850: ['#0f152b', '#edf1f7'],
  800: ['#121933', '#ffffff'],
  700: ['#1b2447', '#e8edf6'],
  600: ['#2a3563', '#d3dbe9'],
};

/** Cyan. In light, 400 is a button background under `text-ink-900`, 300 and 200 are link colours. */
const brand: Scale = {
  50: ['#ecfeff', '#083344'],
  100: ['#cffafe', '#164e63'],
  200: ['#a5f3fc', '#155e75'],
  300: ['#67e8f9', '#0b6580'],
  400: ['#22d3ee', '#0e7490'],
  500: ['#06b6d4', '#0891b2'],
  600: ['#0891b2', '#22d3ee'],
  700: ['#0e7490', '#67e8f9'],
  800: ['#155e75', '#a5f3fc'],
};

/** Violet. Light 600 stays the darkest, as the end of gradients and the last bar of charts. */
const accent: Scale = {
  300: ['#c4b5fd', '#6d28d9'],
  400: ['#a78bfa', '#7c3aed'],
  500: ['#8b5cf6', '#8b5cf6'],
  600: ['#7c3aed', '#5b21b6'],
};

/** Body text is slate-300 and quieter text slate-400; both stay above 7:1 on the light page. */
const slate: Scale = {
  50: ['#f8fafc', '#020617'],
  100: ['#f1f5f9', '#0f172a'],
  200: ['#e2e8f0', '#1e293b'],
  300: ['#cbd5e1', '#334155'],
  400: ['#94a3b8', '#475569'],
  500: ['#64748b', '#56657a'],
  600: ['#475569', '#94a3b8'],
  700: ['#334155', '#cbd5e1'],
  800: ['#1e293b', '#e2e8f0'],
  900: ['#0f172a', '#f1f5f9'],
  950: ['#020617', '#f8fafc'],
};

/** Tailwind's default scales of the status colours, mirrored: 50 ↔ 950, 100 ↔ 900 … 500 stays. */
const rose: Scale = {
  50: ['#fff1f2', '#4c0519'],
  100: ['#ffe4e6', '#881337'],
  200: ['#fecdd3', '#9f1239'],
  300: ['#fda4af', '#be123c'],
  400: ['#fb7185', '#e11d48'],
  500: ['#f43f5e', '#f43f5e'],
  600: ['#e11d48', '#fb7185'],
  700: ['#be123c', '#fda4af'],
  800: ['#9f1239', '#fecdd3'],
  900: ['#881337', '#ffe4e6'],
  950: ['#4c0519', '#fff1f2'],
};

const emerald: Scale = {
  50: ['#ecfdf5', '#022c22'],
  100: ['#d1fae5', '#064e3b'],
  200: ['#a7f3d0', '#065f46'],
  300: ['#6ee7b7', '#047857'],
  400: ['#34d399', '#059669'],
  500: ['#10b981', '#10b981'],
  600: ['#059669', '#34d399'],
  700: ['#047857', '#6ee7b7'],
  800: ['#065f46', '#a7f3d0'],
  900: ['#064e3b', '#d1fae5'],
  950: ['#022c22', '#ecfdf5'],
};

/** Amber, except light 300: a dark yellow rather than amber's orange, so "pending" badges stay yellow. */
const amber: Scale = {
  50: ['#fffbeb', '#451a03'],
  100: ['#fef3c7', '#78350f'],
  200: ['#fde68a', '#92400e'],
  300: ['#fcd34d', '#a16207'],
  400: ['#fbbf24', '#d97706'],
  500: ['#f59e0b', '#f59e0b'],
  600: ['#d97706', '#fbbf24'],
  700: ['#b45309', '#fcd34d'],
  800: ['#92400e', '#fde68a'],
  900: ['#78350f', '#fef3c7'],
  950: ['#451a03', '#fffbeb'],
};

const sky: Scale = {
  300: ['#7dd3fc', '#0369a1'],
  400: ['#38bdf8', '#0284c7'],
  500: ['#0ea5e9', '#0ea5e9'],
};

/** The strongest text (`text-white`) and the overlays (`bg-white/10`): white on dark, ink on light. */
const white: Pair = ['#ffffff', '#0b1020'];

const PALETTE = { ink, brand, accent, slate, rose, emerald, amber, sky } as const;
export type PaletteName = keyof typeof PALETTE | 'white';

const variable = (name: string, shade?: string) => `--color-${name}${shade && shade !== 'DEFAULT' ? `-${shade}` : ''}`;
const channels = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${n >> 16} ${(n >> 8) & 255} ${n & 255}`;
};
const fromVariable = (name: string) => `rgb(var(${name}) / <alpha-value>)`;

/** The `colors` of the Tailwind theme: each shade reads its variable, with opacity modifiers (`/10`) kept. */
export function tailwindColors(): Record<string, string | Record<string, string>> {
  const colors: Record<string, string | Record<string, string>> = { white: fromVariable(variable('white')) };
  for (const [name, scale] of Object.entries(PALETTE)) {
    colors[name] = Object.fromEntries(Object.keys(scale).map((shade) => [shade, fromVariable(variable(name, shade))]));
  }
  return colors;
}

/** The variables of one theme, as RGB channels (`11 16 32`) for Tailwind's `<alpha-value>`. */
export function themeVariables(theme: Theme): Record<string, string> {
  const index = theme === 'dark' ? 0 : 1;
  const variables: Record<string, string> = { [variable('white')]: channels(white[index]) };
  for (const [name, scale] of Object.entries(PALETTE)) {
    for (const [shade, pair] of Object.entries(scale)) variables[variable(name, shade)] = channels(pair[index]);
  }
  return variables;
}

/** One shade's hex value in a theme (tests check contrast with it). */
export function colour(theme: Theme, name: PaletteName, shade?: string): string {
  const pair = name === 'white' ? white : PALETTE[name][shade ?? 'DEFAULT'];
  if (!pair) throw new Error(`No colour ${name}-${shade}`);
  return pair[theme === 'dark' ? 0 : 1];
}
