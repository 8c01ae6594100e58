import { COLLAPSE_MS } from '~/lib/ui-constants';

/** Wires the header: the menus, mobile collapse, Contact Us scrolling and the logo. */
export function setUpHeader(): void {
  setUpMenus();
  setUpCollapse();
  setUpContactLinks();
  setUpLogo();
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const scrollBehavior = (): ScrollBehavior => (reducedMotion() ? 'auto' : 'smooth');

/**
 * Large screens: the Products, Industries and Company menus are `<details>` sharing one `name`, so
 * the browser opens them with Enter and Space and keeps one open at a time. Here: ArrowDown or
 * ArrowUp opens one and moves through its links (round the ends), Escape closes it with the focus
 * back on its button, and a click elsewhere closes it.
 */
function setUpMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('[data-nav-menu]')];
  for (const menu of menus) {
    menu.addEventListener('keydown', (event) => {
      const links = [...menu.querySelectorAll('a')];
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (event.key === 'Escape' && menu.open) {
        menu.open = false;
        (menu.firstElementChild as HTMLElement).focus();
      } else if (step) {
        event.preventDefault();
        menu.open = true;
        // From the button (index -1), ArrowDown reaches the first link and ArrowUp the last.
        links.at(((step < 0 ? Math.max(index, 0) : index) + step) % links.length)?.focus();
      }
    });
  }
  document.addEventListener('click', (event) => {
    for (const menu of menus) if (!menu.contains(event.target as Node)) menu.open = false;
  });
}

/** Narrow screens: Bootstrap-style collapse with a 300 ms height animation. */
function setUpCollapse(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-collapse-toggle]');
  const area = document.querySelector<HTMLElement>('[data-collapse]');
  if (!toggle || !area) return;
  let timer = 0;

  const finish = (state: 'expanded' | 'collapsed') => {
    area.dataset['state'] = state;
    area.style.height = '';
  };

  const expand = () => {
    window.clearTimeout(timer);
    area.dataset['state'] = 'expanding';
    area.style.height = '0px';
    const full = area.scrollHeight;
    requestAnimationFrame(() => (area.style.height = `${full}px`));
    toggle.setAttribute('aria-expanded', 'true');
    timer = window.setTimeout(() => finish('expanded'), reducedMotion() ? 0 : COLLAPSE_MS);
  };

  const collapse = () => {
    window.clearTimeout(timer);
    area.style.height = `${area.scrollHeight}px`;
    area.dataset['state'] = 'collapsing';
    requestAnimationFrame(() => (area.style.height = '0px'));
    toggle.setAttribute('aria-expanded', 'false');
    timer = window.setTimeout(() => finish('collapsed'), reducedMotion() ? 0 : COLLAPSE_MS);
  };

  toggle.addEventListener('click', () => (toggle.getAttribute('aria-expanded') === 'true' ? collapse() : expand()));
  area.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a') && toggle.getAttribute('aria-expanded') === 'true') collapse();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      collapse();
      toggle.focus();
    }
  });
}

/** Contact Us scrolls to the section when this page has it, else follows the link to /#contact. */
function setUpContactLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-contact-link]')) {
    link.addEventListener('click', (event) => {
      const section = document.getElementById('contact');
      if (!section) return;
      event.preventDefault();
      section.scrollIntoView({ behavior: scrollBehavior() });
      history.replaceState(null, '', '#contact');
    });
  }
}

/** The logo returns to / and to the top; on the home page that is a scroll, not a reload. */
function setUpLogo(): void {
  const logo = document.querySelector<HTMLAnchorElement>('[data-logo-link]');
  logo?.addEventListener('click', (event) => {
    if (window.location.pathname !== '/') return;
    event.preventDefault();
    history.replaceState(null, '', '/');
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  });
}
