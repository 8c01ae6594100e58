import { CURSOR_EASING } from '~/lib/ui-constants';

/**
 * Custom cursor: a dot that follows the pointer and a ring that trails it with easing.
 * Only on fine pointers that hover, never with reduced motion; both layers ignore pointer events.
 */
export function startCursor(): void {
  const fine = window.matchMedia('(hover: hover) and (pointer: fine)');
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  if (!fine.matches || reduced.matches) return;

  const ring = layer('cursor-ring');
  const dot = layer('cursor-dot');
  let target = { x: -100, y: -100 };
  let ringPos = { ...target };
  let frame = 0;

  const step = () => {
    ringPos = {
      x: ringPos.x + (target.x - ringPos.x) * CURSOR_EASING,
      y: ringPos.y + (target.y - ringPos.y) * CURSOR_EASING,
    };
    // Close enough: snap and stop, so an idle pointer costs no frames.
    const settled = Math.abs(target.x - ringPos.x) < 0.1 && Math.abs(target.y - ringPos.y) < 0.1;
    if (settled) ringPos = { ...target };
    ring.style.transform = `translate3d(${ringPos.x}px, ${ringPos.y}px, 0)`;
    frame = settled ? 0 : requestAnimationFrame(step);
  };

  window.addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType !== 'mouse') return;
      target = { x: event.clientX, y: event.clientY };
      dot.style.transform = `translate3d(${target.x}px, ${target.y}px, 0)`;
      if (!frame) frame = requestAnimationFrame(step);
    },
    { passive: true },
  );
}

function layer(className: string): HTMLDivElement {
  const element = document.createElement('div');
  element.className = className;
  element.setAttribute('aria-hidden', 'true');
  element.dataset['cursor'] = className;
  // Off-screen until the pointer first moves.
  element.style.transform = 'translate3d(-100px, -100px, 0)';
  document.body.append(element);
  return element;
}
