import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { SEARCH_BUNDLE_PATH, SEARCH_WORDS_PATH } from '../lib/search';
import { indexedHtml, wordList } from './search-text';

/** Every built HTML file under `root`, as paths relative to it. */
const htmlFiles = (root: string) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));

/**
 * Indexes the built pages with Pagefind's Node API once Astro has written them, into
 * `<client>/pagefind/`: static files beside the pages, so search works on any static host. Only
 * pages whose <main> carries `data-pagefind-body` are indexed (PageLayout decides which), each as
 * `indexedHtml()` rewrites it: table cells kept apart, both spellings of British and American words.
 * Their words, most frequent first, go to `SEARCH_WORDS_PATH` for the dialog's "Did you mean …?".
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
          const files = htmlFiles(root);
          const pages: string[] = [];
          for (const sourcePath of files) {
            const content = indexedHtml(readFileSync(join(root, sourcePath), 'utf8'));
            pages.push(content);
            const added = await created.index.addHTMLFile({ sourcePath, content });
            if (added.errors.length > 0)
              throw new Error(`Pagefind could not index ${sourcePath}: ${added.errors.join('; ')}`);
          }
          writeFileSync(join(root, SEARCH_WORDS_PATH), JSON.stringify(wordList(pages)));
          const output = join(root, SEARCH_BUNDLE_PATH);
          const written = await created.index.writeFiles({ outputPath: output });
          if (written.errors.length > 0) throw new Error(`Pagefind could not write: ${written.errors.join('; ')}`);
          // One fragment per indexed page.
          const indexed = readdirSync(join(output, 'fragment')).length;
          logger.info(`${indexed} of ${files.length} built pages indexed into ${SEARCH_BUNDLE_PATH}`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
