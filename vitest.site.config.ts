import { defineConfig } from 'vitest/config';

/**
 * Tests of the built site (tests/site): each page's HTML, the sitemap, the feed and the link check,
 * read from dist/ without a browser. They need `npm run build` first, so they have a config of their
 * own, which `npm test` runs once the build is done.
 */
export default defineConfig({
  test: { environment: 'node', include: ['tests/site/**/*.test.ts'], testTimeout: 20_000 },
});
