/**
 * Search and social previews, checked on the built site (DIST_DIR or dist, the folder the test server
 * serves): every page's <title> and description fit, every page names a 1200 × 630 PNG preview that
 * exists, and the sitemap lists exactly the canonical URLs of the indexed pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DESCRIPTION_MAX, PAGE_TITLE_MAX } from '../../src/lib/seo';
import { builtPages, clientDir as client } from './built-site';

const tag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (value: string) =>
  value
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const isIndexed = (html: string) => !/<meta name="robots" content="noindex/.test(html);

/** Width and height from a PNG's IHDR chunk; null when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('search and social previews', () => {
  test('every page title says what it is within 60 characters, articles too, descriptions within 160', () => {
    const problems: string[] = [];
    for (const { path, html } of builtPages()) {
      const title = decode(tag(html, /<title>([^<]*)<\/title>/) ?? '');
      const description = decode(tag(html, /<meta name="description" content="([^"]*)"/) ?? '');
      if (!title || title.length > PAGE_TITLE_MAX)
        problems.push(`${path}: title "${title}" is ${title.length} (max ${PAGE_TITLE_MAX})`);
      if (!description || description.length > DESCRIPTION_MAX)
        problems.push(`${path}: description is ${description.length} characters (max ${DESCRIPTION_MAX})`);
    }
    expect(problems).toEqual([]);
  });

  test('titles name the page, not only its section', () => {
    const titles = new Map(
      builtPages().map(({ path, html }) => [path, decode(tag(html, /<title>([^<]*)<\/title>/) ?? '')]),
    );
    expect(titles.get('/drone')).toBe('Drones: edge AI for unmanned aircraft | EdgeCraft AI');
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  test('every page names a 1200 × 630 PNG og:image that the build contains, its own when indexed', () => {
    const problems: string[] = [];
    const images = new Map<string, string>();
    for (const { path, html } of builtPages()) {
      const content = tag(html, /<meta property="og:image" content="([^"]*)"/);
      if (!content) {
        problems.push(`${path}: no og:image`);
        continue;
      }
      const file = join(client, decodeURIComponent(new URL(content).pathname));
      const size = existsSync(file) ? pngSize(readFileSync(file)) : null;
      if (!size || size.width !== 1200 || size.height !== 630)
        problems.push(`${path}: ${content} is ${size ? `${size.width}×${size.height}` : 'missing or not a PNG'}`);
      if (isIndexed(html)) {
        if (images.has(content)) problems.push(`${path} shares its preview with ${images.get(content)}`);
        images.set(content, path);
      }
    }
    expect(problems).toEqual([]);
    expect(images.size).toBeGreaterThan(15);
  });

  test('the sitemap lists exactly the canonical URLs of the indexed pages', () => {
    const sitemaps = readdirSync(client).filter((name) => /^sitemap-\d+\.xml$/.test(name));
    expect(sitemaps.length).toBeGreaterThan(0);
    const listed = sitemaps.flatMap((name) =>
      [...readFileSync(join(client, name), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''),
    );
    const canonical = builtPages()
      // The admin login is reachable but has no business in search results.
      .filter(({ path, html }) => isIndexed(html) && path !== '/404' && path !== '/adminlogin')
      .map(({ html }) => tag(html, /<link rel="canonical" href="([^"]*)"/) ?? '');
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...canonical].sort());
  });
});
