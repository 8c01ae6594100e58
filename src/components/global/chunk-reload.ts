const STORAGE_KEY = 'chunk-reload-at';
/** A second failure within this window means a reload did not help: stop instead of looping. */
const LOOP_WINDOW_MS = 30_000;
/** How browsers word a failed dynamic import (Chromium, Firefox, Safari). */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/**
 * If a page module fails to load (a deploy replaced the hashed chunks), reload the page
 * once. Vite reports its own preloads with `vite:preloadError`; Astro islands import directly, so
 * their failures arrive as unhandled rejections.
 */
export function reloadOnceOnChunkError(): void {
  const reloadOnce = (event: Event) => {
    const last = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
    if (Date.now() - last < LOOP_WINDOW_MS) return;
    event.preventDefault();
    sessionStorage.setItem(STORAGE_KEY, String(Date.now()));
    window.location.reload();
  };
  window.addEventListener('vite:preloadError', reloadOnce);
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    if (CHUNK_ERROR.test(message)) reloadOnce(event);
  });
}
