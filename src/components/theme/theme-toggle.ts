import {
  PREFERS_LIGHT_QUERY,
  resolveTheme,
  THEME_LABELS,
  THEME_STORAGE_KEY,
  toggledTheme,
  type ThemeChoice,
} from '~/lib/theme';

// Small on purpose: every page loads it before any interaction, within the JavaScript budget.
const root = document.documentElement;
const system = window.matchMedia(PREFERS_LIGHT_QUERY);
/** The choice now, as the head script (or a press) wrote it on <html>. */
const chosen = () => (root.dataset['themeChoice'] ?? 'system') as ThemeChoice;

function show(choice: ThemeChoice): void {
  root.dataset['themeChoice'] = choice;
  root.dataset['theme'] = resolveTheme(choice, system.matches);
}

/** Wires the theme button: a press shows and stores the other theme; until then the page follows the system live. */
export function setUpThemeToggle(): void {
  system.addEventListener('change', () => show(chosen()));
  const button = document.querySelector<HTMLButtonElement>('[data-theme-toggle]');
  const status = document.querySelector('[data-theme-status]');
  if (!button || !status) return;
  button.addEventListener('click', () => {
    const next = toggledTheme(chosen(), system.matches);
    show(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage blocked (a private mode): the choice holds for this page only.
    }
    status.textContent = `Colour theme: ${THEME_LABELS[next]}`;
  });
  button.disabled = false;
}
