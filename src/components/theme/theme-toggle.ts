import { nextThemeChoice, PREFERS_LIGHT_QUERY, resolveTheme, THEME_STORAGE_KEY, type ThemeChoice } from '~/lib/theme';

// Small on purpose: every page loads it before any interaction, within the JavaScript budget.
const root = document.documentElement;
const system = window.matchMedia(PREFERS_LIGHT_QUERY);
/** The choice shown now, as the head script (or a press) wrote it on <html>. */
const shown = () => (root.dataset['themeChoice'] ?? 'system') as ThemeChoice;

function show(choice: ThemeChoice): void {
  root.dataset['themeChoice'] = choice;
  root.dataset['theme'] = resolveTheme(choice, system.matches);
}

/** Wires the theme button: a press shows and stores the next choice; "system" follows the system live. */
export function setUpThemeToggle(): void {
  system.addEventListener('change', () => show(shown()));
  const button = document.querySelector<HTMLButtonElement>('[data-theme-toggle]');
  const status = document.querySelector('[data-theme-status]');
  if (!button || !status) return;
  button.addEventListener('click', () => {
    const next = nextThemeChoice(shown(), system.matches);
    show(next);
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked (a private mode): the choice holds for this page only.
    }
    status.textContent = `Colour theme: ${button.querySelector(`[data-choice="${next}"]`)?.textContent?.trim() ?? next}`;
  });
  button.disabled = false;
}
