/**
 * The visitor's colour theme: a choice (light, dark or the system's) kept in localStorage, resolved
 * to the theme written on <html> as `data-theme`, with the choice beside it as `data-theme-choice`.
 */

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = Exclude<ThemeChoice, 'system'>;

/** How the toggle names each choice, after "Colour theme: ". */
export const THEME_LABELS: Readonly<Record<ThemeChoice, string>> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The localStorage key of an explicit choice; no entry means "follow the system". */
export const THEME_STORAGE_KEY = 'theme';
/** Matches when the system prefers light; the site is dark otherwise. */
export const PREFERS_LIGHT_QUERY = '(prefers-color-scheme: light)';

export const resolveTheme = (choice: ThemeChoice, systemPrefersLight: boolean): ResolvedTheme =>
  choice === 'system' ? (systemPrefersLight ? 'light' : 'dark') : choice;

/**
 * The choice after `current` when the toggle is pressed. From "system" it goes to the theme the
 * system does not show, so the first press always changes the page; then the other; then back.
 */
export function nextThemeChoice(current: ThemeChoice, systemPrefersLight: boolean): ThemeChoice {
  const systemTheme = resolveTheme('system', systemPrefersLight);
  if (current === 'system') return systemTheme === 'light' ? 'dark' : 'light';
  return current === systemTheme ? 'system' : systemTheme;
}
