import type { AstroIntegration } from 'astro';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Writes meta-refresh pages for redirects whose source differs from a real page only by case
 * (`/Industrials` → `/industrials`). Astro's own `redirects` lower-cases route keys and would
 * replace the page; our server answers these with a 301, this covers static hosts.
 */
export function staticRedirects(redirects: Record<string, string>): AstroIntegration {
  return {
    name: 'static-redirects',
    hooks: {
      'astro:build:done': ({ dir }) => {
        for (const [from, to] of Object.entries(redirects)) {
          const folder = fileURLToPath(new URL(`.${from}/`, dir));
          const file = `${folder}index.html`;
          // On a case-insensitive file system this path is the real page: never overwrite it.
          if (existsSync(file)) continue;
          mkdirSync(folder, { recursive: true });
          const target = escape(to);
          writeFileSync(
            file,
            `<!DOCTYPE html><meta charset="utf-8"><title>Redirecting to ${target}</title><meta name="robots" content="noindex"><link rel="canonical" href="${target}"><meta http-equiv="refresh" content="0;url=${target}"><a href="${target}">Continue to ${target}</a>`,
          );
        }
      },
    },
  };
}
