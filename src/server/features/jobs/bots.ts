/**
 * User agents that are not people reading a vacancy: search and social crawlers, link previews,
 * monitors, headless browsers and HTTP libraries. Their views are not counted.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|scrap|preview|facebookexternalhit|embedly|headless|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-|python\/|go-http-client|java\/|okhttp|node-fetch|axios\/|undici|libwww|httpclient|phantomjs|puppeteer|playwright/i;

/** True for a missing user agent or one that names a crawler, preview fetcher, monitor or script. */
export const isBot = (userAgent: string | undefined): boolean => !userAgent?.trim() || BOT_PATTERN.test(userAgent);
