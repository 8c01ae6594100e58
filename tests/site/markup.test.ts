/**
 * Every page of the build is valid HTML to an outside validator: html-validate with the project's
 * .htmlvalidate.json (its recommended preset). Reads the built files (DIST_DIR or dist), so it runs
 * after the build.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, test } from 'vitest';
import { distDir, projectRoot } from './built-site';
const htmlFiles = readdirSync(distDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .sort();
// The config is found from each file's folder upwards: the root's .htmlvalidate.json.
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe('markup', () => {
  test('the build has pages to validate', () => {
    expect(htmlFiles, `no .html under ${relative(projectRoot, distDir)}: build the site first`).toContain(
      join('client', 'index.html'),
    );
  });

  for (const file of htmlFiles) {
    test(`${file} passes html-validate`, async () => {
      const report = await validator.validateFile(join(distDir, file));
      const problems = report.results.flatMap((result) =>
        result.messages.map((m) => `${file}:${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`),
      );
      expect(problems).toEqual([]);
    });
  }
});
