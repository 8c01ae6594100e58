import { SCROLLED_THRESHOLD_PX } from '~/lib/ui-constants';

/** Toggles the 'scrolled' class on `target` once vertical scroll exceeds the threshold. */
export function watchScrolled(target: HTMLElement): void {
  const update = () => target.classList.toggle('scrolled', window.scrollY > SCROLLED_THRESHOLD_PX);
  update();
  window.addEventListener('scroll', update, { passive: true });
}
