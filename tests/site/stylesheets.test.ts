/**
 * The built CSS works in the browsers it is built for (astro.config.mjs: Safari 14 and up): its media
 * queries are in the min-width/max-width form, never the range syntax (`width >= 768px`) that Safari
 * before 16.4 ignores, which would leave those visitors the phone layout on every screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { clientDir } from './built-site';

const assetsDir = join(clientDir, '_astro');
const stylesheets = readdirSync(assetsDir).filter((file) => file.endsWith('.css'));

describe('stylesheets', () => {
  test('the build has stylesheets', () => expect(stylesheets.length).toBeGreaterThan(0));

  test('media queries use min-width and max-width, not the range syntax', () => {
    const ranges = stylesheets.flatMap((file) =>
      [...readFileSync(join(assetsDir, file), 'utf8').matchAll(/@media[^{]*[<>][^{]*/g)].map(
        ([rule]) => `${file}: ${rule}`,
      ),
    );
    expect(ranges).toEqual([]);
  });
});
