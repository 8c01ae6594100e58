import { COLLAPSE_MS } from '~/lib/ui-constants';

/** Wires the header: hamburger menu, mobile collapse, Contact Us scrolling and the logo. */
export function setUpHeader(): void {
  setUpMenu();
  setUpCollapse();
  setUpContactLinks();
  setUpLogo();
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const scrollBehavior = (): ScrollBehavior => (reducedMotion() ? 'auto' : 'smooth');

/** Large screens: the hamburger menu closes on an outside click, on Escape and after choosing. */
function setUpMenu(): void {
  const root = document.querySelector<HTMLElement>('[data-menu]');
  const button = root?.querySelector<HTMLButtonElement>('[data-menu-button]');
  const panel = root?.querySelector<HTMLElement>('[data-menu-panel]');
  if (!root || !button || !panel) return;

  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    panel.classList.toggle('hidden', !open);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  button.addEventListener('click', () => setOpen(!isOpen()));
  panel.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !root.contains(event.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      setOpen(false);
      button.focus();
    }
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
