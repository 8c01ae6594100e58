/**
 * Starts the looping hero video once the page has loaded and the main thread is idle, so decoding
 * never competes with the first paint; pauses it while it is off screen. Visitors who prefer
 * reduced motion keep the still poster.
 */
export function startHeroVideo(): void {
  const video = document.querySelector<HTMLVideoElement>('[data-hero-video]');
  if (!video) return;
  // The decision is written on the element, so what the page chose can be seen (and tested).
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    video.dataset['heroVideo'] = 'still';
    return;
  }

  const play = () => void video.play().catch(() => undefined);
  const start = () => {
    video.dataset['heroVideo'] = 'playing';
    video.autoplay = true;
    video.preload = 'auto';
    play();
    new IntersectionObserver(([entry]) => (entry?.isIntersecting ? play() : video.pause())).observe(video);
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(start, { timeout: 3000 })
      : setTimeout(start, 1500);

  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
