/** Interface timings and thresholds shared by the global scripts and the islands. */
export const SCROLLED_THRESHOLD_PX = 50;
export const MOBILE_BREAKPOINT_PX = 768;
export const COLLAPSE_MS = 300;
export const FORM_SCROLL_DELAY_MS = 100;
/**
 * An idle island hydrates by then at the latest: a browser kept busy (or a headless one that never
 * reports idle) must not leave a page's only form disabled.
 */
export const IDLE_HYDRATION_TIMEOUT_MS = 1000;

/** The admin search asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;
