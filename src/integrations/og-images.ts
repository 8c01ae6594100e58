import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Drawn previews by a hash of what they show, so a rebuild draws only the pages whose card changed. */
const DEFAULT_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/og-images/', import.meta.url));
/** Part of every key: a new sharp, or new PNG settings, draws everything afresh. */
const DRAWING = `sharp ${sharp.versions.sharp} png compressionLevel 9 palette dither 0`;

/** The PNG for one card: from the cache when the same card was drawn before, else drawn and kept. */
async function cardPng(cacheDir: string, svg: string, used: Set<string>): Promise<{ png: Buffer; drawn: boolean }> {
  const key = `${createHash('sha256').update(DRAWING).update(svg).digest('hex')}.png`;
  used.add(key);
  const cached = join(cacheDir, key);
  if (existsSync(cached)) return { png: readFileSync(cached), drawn: false };
  // A 256-colour palette without dithering: half the time of a dithered one, and a smaller file.
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, dither: 0 }).toBuffer();
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, png);
  return { png, drawn: true };
}

/** Drops the cached cards no page of this build showed, so the cache holds one build's worth. */
function pruneCache(cacheDir: string, used: Set<string>): void {
  for (const name of readdirSync(cacheDir)) if (!used.has(name)) rmSync(join(cacheDir, name));
}

/**
 * Draws the 1200 × 630 PNG preview each built page names in `og:image` under /og/ (LinkedIn and X show
 * no SVG), from the page's own og:title and og:description, so every page that asks for one gets one.
 */
export function ogImages({ cacheDir = DEFAULT_CACHE_DIR } = {}): AstroIntegration {
  return {
    name: 'og-images',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        // Tests that build a copy of the site to look at its pages skip the previews (a third of the build).
        if (process.env['OG_IMAGES'] === 'off') return logger.info('OG_IMAGES=off: no previews drawn');
        const root = fileURLToPath(dir);
        const used = new Set<string>();
        let count = 0;
        let drawn = 0;
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
          const card = await cardPng(cacheDir, svg, used);
          writeFileSync(target, card.png);
          count += 1;
          if (card.drawn) drawn += 1;
        }
        if (count > 0) pruneCache(cacheDir, used);
        logger.info(`${count} Open Graph previews, ${drawn} drawn, ${count - drawn} unchanged since the last build`);
      },
    },
  };
}
