import type { Page, Route } from '@playwright/test';

/**
 * Holds every request to `url` until the test calls the returned `release()`, then lets `answer`
 * respond: a slow server whose timing the test decides, without timers.
 */
export async function holdRoute(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}
