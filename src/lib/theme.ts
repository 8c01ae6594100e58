/**
 * The visitor's colour theme: a choice (light, dark or the system's) kept in localStorage, resolved
 * to the theme written on <html> as `data-theme`, with the choice beside it as `data-theme-choice`.
 */

export type ResolvedTheme = 'light' | 'dark';
/** A visitor's pick, or "system" until they make one. */
export type ThemeChoice = 'system' | ResolvedTheme;

/** How the toggle names the theme on show, after "Colour theme: ". */
export const THEME_LABELS: Readonly<Record<ResolvedTheme, string>> = { light: 'Light', dark: 'Dark' };

/** The localStorage key of an explicit choice; no entry means "follow the system". */
export const THEME_STORAGE_KEY = 'theme';
/** Matches when the system prefers light; the site is dark otherwise. */
export const PREFERS_LIGHT_QUERY = '(prefers-color-scheme: light)';

export const resolveTheme = (choice: ThemeChoice, systemPrefersLight: boolean): ResolvedTheme =>
  choice === 'system' ? (systemPrefersLight ? 'light' : 'dark') : choice;

/**
 * The choice a press of the toggle makes: the other theme than the one on show. Until the first press
 * the page follows the system; after it, the visitor's pick holds.
 */
export const toggledTheme = (current: ThemeChoice, systemPrefersLight: boolean): ResolvedTheme =>
  resolveTheme(current, systemPrefersLight) === 'light' ? 'dark' : 'light';
