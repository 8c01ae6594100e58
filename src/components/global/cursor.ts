/**
 * Custom cursor: a dot inside a ring, both drawn where the pointer is on the same move, so neither lags
 * behind it. Only on fine pointers that hover, never with reduced motion; both layers ignore pointer events.
 */
export function startCursor(): void {
  const fine = window.matchMedia('(hover: hover) and (pointer: fine)');
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');
  if (!fine.matches || reduced.matches) return;

  const layers = [layer('cursor-ring'), layer('cursor-dot')];
  window.addEventListener(
    'pointermove',
    (event) => {
      if (event.pointerType !== 'mouse') return;
      const transform = `translate3d(${event.clientX}px, ${event.clientY}px, 0)`;
      for (const element of layers) element.style.transform = transform;
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
