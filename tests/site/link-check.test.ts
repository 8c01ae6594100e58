/**
 * The build's link check (src/integrations/link-check.ts) on a copy of the content with broken links
 * planted in it, against the production build: each is named with its file, line and target. The
 * same functions run inside `npm run build`, which then fails.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { contentLinks } from '../../src/integrations/content-links';
import { brokenLinks, formatBroken, siteIndex } from '../../src/integrations/link-check';
import { REDIRECTS } from '../../src/redirects';
import { clientDir as client, projectRoot } from './built-site';
const site = () =>
  siteIndex(client, { redirects: Object.keys(REDIRECTS), patterns: [/^\/career\/jobs\/.+/, /^\/sitemap-jobs\.xml$/] });

describe('broken internal links', () => {
  test('the content as it is has none', () => {
    expect(formatBroken(brokenLinks(contentLinks(join(projectRoot, 'content'), projectRoot), site()))).toBe('');
  });

  test('a broken route, anchor or image in a copy of the content is named with file, line and target', () => {
    const copy = mkdtempSync(join(tmpdir(), 'edgecraft-links-'));
    try {
      cpSync(join(projectRoot, 'content'), join(copy, 'content'), { recursive: true });
      const file = join(copy, 'content/articles/eip.mdx');
      const lines = readFileSync(file, 'utf8').split('\n');
      const hero = lines.findIndex((line) => line.startsWith('heroImage:'));
      lines[hero] = 'heroImage: /images/articles/eip/no-such-picture.svg';
      lines.push(
        '',
        'See [the old page](/no-such-page) and [its method](/methodology#no-such-section).',
        '',
        '<Figure src="/images/articles/eip/missing.svg" alt="A picture that is not there" width={10} height={10}>',
        '  And [back up](#no-such-heading), [a redirect](/login) and [a job](/career/jobs/7-engineer).',
        '</Figure>',
      );
      writeFileSync(file, lines.join('\n'));
      const n = lines.length;

      const report = formatBroken(brokenLinks(contentLinks(join(copy, 'content'), copy), site()));
      expect(report.split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^content/articles/eip\\.mdx:${n - 4}:\\d+: /no-such-page \\(no page or file /no-such-page`),
        ),
        expect.stringMatching(
          new RegExp(
            `^content/articles/eip\\.mdx:${n - 4}:\\d+: /methodology#no-such-section \\(no element with id "no-such-section" on /methodology\\)`,
          ),
        ),
        `content/articles/eip.mdx:${n - 2}:1: /images/articles/eip/missing.svg (no page or file /images/articles/eip/missing.svg in the build)`,
        expect.stringMatching(
          new RegExp(
            `^content/articles/eip\\.mdx:${n - 1}:\\d+: #no-such-heading \\(no element with id "no-such-heading" on /eip\\)`,
          ),
        ),
        `content/articles/eip.mdx:${hero + 1}:1: /images/articles/eip/no-such-picture.svg (no page or file /images/articles/eip/no-such-picture.svg in the build)`,
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
