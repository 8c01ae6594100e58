import {
  isThemeChoice,
  nextThemeChoice,
  PREFERS_LIGHT_QUERY,
  resolveTheme,
  THEME_LABELS,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from '~/lib/theme';

const root = document.documentElement;

/** The choice the page shows now, as the head script (or a press) wrote it on <html>. */
const shownChoice = (): ThemeChoice => {
  const choice = root.dataset['themeChoice'];
  return isThemeChoice(choice) ? choice : 'system';
};

function storedChoice(): ThemeChoice {
  try {
    const choice = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(choice) ? choice : 'system';
  } catch {
    return 'system';
  }
}

function store(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked (a private mode): the choice holds for this page only.
  }
}

function show(choice: ThemeChoice, systemPrefersLight: boolean): void {
  root.dataset['themeChoice'] = choice;
  root.dataset['theme'] = resolveTheme(choice, systemPrefersLight);
  // The browser's own bars take the page's background, read from the stylesheet rather than repeated here.
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', getComputedStyle(root).backgroundColor);
}

/**
 * Wires the theme buttons: a press stores and shows the next choice; the page also follows a change
 * of the system's theme (while the choice is "system") and a choice made in another tab.
 */
export function setUpThemeToggle(): void {
  const system = window.matchMedia(PREFERS_LIGHT_QUERY);
  show(shownChoice(), system.matches);
  system.addEventListener('change', () => show(shownChoice(), system.matches));
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) show(storedChoice(), system.matches);
  });

  const status = document.querySelector<HTMLElement>('[data-theme-status]');
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
    button.addEventListener('click', () => {
      const next = nextThemeChoice(shownChoice(), system.matches);
      store(next);
      show(next, system.matches);
      if (status) status.textContent = `Colour theme: ${THEME_LABELS[next]}`;
    });
    button.disabled = false;
  }
}
