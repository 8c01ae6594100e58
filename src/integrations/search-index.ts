import type { AstroIntegration } from 'astro';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { SEARCH_BUNDLE_PATH } from '../lib/search';

/**
 * Indexes the built pages with Pagefind's Node API once Astro has written them, into
 * `<client>/pagefind/`: static files beside the pages, so search works on any static host. Only
 * pages whose <main> carries `data-pagefind-body` are indexed (PageLayout decides which).
 */
export function searchIndex(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        try {
          const created = await pagefind.createIndex({
            forceLanguage: 'en',
            // Menus and "more from the blog" lists name other pages: a page is found by its own words.
            excludeSelectors: ['nav', 'footer'],
          });
          if (!created.index) throw new Error(`Pagefind could not start: ${created.errors.join('; ')}`);
          const added = await created.index.addDirectory({ path: root });
          if (added.errors.length > 0) throw new Error(`Pagefind could not index: ${added.errors.join('; ')}`);
          const output = join(root, SEARCH_BUNDLE_PATH);
          const written = await created.index.writeFiles({ outputPath: output });
          if (written.errors.length > 0) throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
          // One fragment per indexed page.
          const indexed = readdirSync(join(output, 'fragment')).length;
          logger.info(`${indexed} of ${added.page_count} built pages indexed into ${SEARCH_BUNDLE_PATH}`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
