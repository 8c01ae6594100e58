/**
 * /design sidebar behaviour (vanilla, no framework):
 * - a click on a section button scrolls that section into view (smooth unless reduced motion) and focuses its heading;
 * - an IntersectionObserver marks the button of the section in view with aria-current="location";
 * - on mobile the hamburger toggles the list; choosing a section, Escape or a click outside closes it.
 */
const desktop = window.matchMedia('(min-width: 992px)');
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

export function initDesignSidebar(): void {
  const nav = document.querySelector<HTMLElement>('[data-design-nav]');
  const toggle = nav?.querySelector<HTMLButtonElement>('[data-design-toggle]');
  const panel = nav?.querySelector<HTMLElement>('[data-design-panel]');
  const current = nav?.querySelector<HTMLElement>('[data-design-current]');
  if (!nav || !toggle || !panel) return;

  const links = [...nav.querySelectorAll<HTMLAnchorElement>('[data-design-link]')];
  const sections = links
    .map((link) => document.getElementById(link.dataset['designLink'] ?? ''))
    .filter((section): section is HTMLElement => section !== null);

  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Hide sections' : 'Show sections');
    panel.toggleAttribute('data-open', open);
  };

  const markActive = (id: string) => {
    for (const link of links) {
      const active = link.dataset['designLink'] === id;
      if (active) {
        link.setAttribute('aria-current', 'location');
        if (current) current.textContent = link.textContent?.replace(/^\s*\d+\s*/, '').trim() ?? '';
      } else {
        link.removeAttribute('aria-current');
      }
    }
  };

  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && panel.hasAttribute('data-open')) {
      setOpen(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (panel.hasAttribute('data-open') && event.target instanceof Node && !nav.contains(event.target)) setOpen(false);
  });
  desktop.addEventListener('change', () => setOpen(false));

  for (const link of links) {
    link.addEventListener('click', (event) => {
      const target = document.getElementById(link.dataset['designLink'] ?? '');
      if (!target) return;
      event.preventDefault();
      setOpen(false);
      target.scrollIntoView({ behavior: reducedMotion.matches ? 'auto' : 'smooth', block: 'start' });
      target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
      history.replaceState(null, '', `#${target.id}`);
      markActive(target.id);
    });
  }

  // Scroll-spy: the section crossing a line 35% down the viewport is the one "in view".
  const visible = new Set<string>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target.id);
        else visible.delete(entry.target.id);
      }
      const first = sections.find((section) => visible.has(section.id));
      if (first) markActive(first.id);
    },
    { rootMargin: '-35% 0px -60% 0px' },
  );
  for (const section of sections) observer.observe(section);

  const initial = sections.find((section) => `#${section.id}` === window.location.hash) ?? sections[0];
  if (initial) markActive(initial.id);
}
