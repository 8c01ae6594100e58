import type { AstroIntegration } from 'astro';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ogCardSvg } from './og-card';

const decode = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');

const meta = (html: string, property: string) =>
  new RegExp(`<meta\\s+property="${property}"\\s+content="([^"]*)"`).exec(html)?.[1];

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

/**
 * Draws the 1200 × 630 PNG preview each built page names in `og:image` under /og/ (LinkedIn and X show
 * no SVG), from the page's own og:title and og:description, so every page that asks for one gets one.
 */
export function ogImages(): AstroIntegration {
  return {
    name: 'og-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // Tests that build a copy of the site to look at its pages skip the previews (a third of the build).
        if (process.env['OG_IMAGES'] === 'off') return logger.info('OG_IMAGES=off: no previews drawn');
        const root = fileURLToPath(dir);
        let count = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const image = meta(html, 'og:image');
          const title = meta(html, 'og:title');
          const siteName = meta(html, 'og:site_name');
          if (!image || !title || !siteName) continue;
          const url = new URL(decode(image));
          if (!url.pathname.startsWith('/og/')) continue;
          const pageUrl = new URL(decode(meta(html, 'og:url') ?? url.origin));
          const svg = ogCardSvg({
            siteName: decode(siteName),
            title: decode(title).replace(` | ${decode(siteName)}`, ''),
            description: decode(meta(html, 'og:description') ?? ''),
            url: `${pageUrl.host}${pageUrl.pathname === '/' ? '' : pageUrl.pathname}`,
          });
          const target = join(root, url.pathname);
          mkdirSync(dirname(target), { recursive: true });
          // A 256-colour palette without dithering: half the time of a dithered one, and a smaller file.
          const png = sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, dither: 0 });
          writeFileSync(target, await png.toBuffer());
          count += 1;
        }
        logger.info(`${count} Open Graph previews drawn`);
      },
    },
  };
}
